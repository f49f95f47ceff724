//! How large a SAT formula this machine's memory allows.

use std::sync::OnceLock;

/// Bytes of memory a literal of the formula may stand for: a solve takes about 30 bytes a
/// literal in all (measured), so this leaves room for the board, the move graph and the rest.
const BYTES_PER_LITERAL: usize = 64;

/// The literal limit where the memory cannot be read.
const FALLBACK_LITERALS: usize = 1 << 28;

/// The default literal limit of a SAT formula: the machine's memory in bytes over 64, or 2^28
/// where the memory cannot be read (no `/proc/meminfo`). Read once.
pub fn default_formula_literals() -> usize {
    static LITERALS: OnceLock<usize> = OnceLock::new();
    *LITERALS.get_or_init(|| {
        let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
        total_kib(&meminfo).map_or(FALLBACK_LITERALS, |kib| {
            kib.saturating_mul(1024) / BYTES_PER_LITERAL
        })
    })
}

/// The `MemTotal` of a `/proc/meminfo` text, in KiB.
fn total_kib(meminfo: &str) -> Option<usize> {
    meminfo
        .lines()
        .find_map(|line| line.strip_prefix("MemTotal:"))
        .and_then(|rest| rest.trim().strip_suffix("kB"))
        .and_then(|kib| kib.trim().parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_total_memory_of_meminfo() {
        let meminfo = "MemTotal:       24576000 kB\nMemFree:        1000 kB\n";
        assert_eq!(total_kib(meminfo), Some(24_576_000));
        assert_eq!(total_kib("MemFree: 10 kB\n"), None);
    }

    #[test]
    fn the_default_limit_is_positive() {
        assert!(default_formula_literals() > 0);
    }
}
