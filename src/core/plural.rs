//! Counts in words, the noun agreeing with its number: `1 square`, `2 squares`.

/// `count` and the noun for it: `one` for 1, else `many`.
pub(crate) fn count_of(count: usize, one: &str, many: &str) -> String {
    match count {
        1 => format!("1 {one}"),
        count => format!("{count} {many}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_noun_agrees_with_its_count() {
        assert_eq!(count_of(0, "square", "squares"), "0 squares");
        assert_eq!(count_of(1, "square", "squares"), "1 square");
        assert_eq!(count_of(2, "vertex", "vertices"), "2 vertices");
    }
}
