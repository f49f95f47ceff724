//! The puzzle generator's table in docs/puzzles.md: for each size and difficulty, the median
//! shaded share, the share of moves the trivial rules leave open, the largest shaded group
//! (over the puzzles) and the time to make a puzzle. Run with `cargo bench --bench puzzles` (seeds 1 to 3; 50 x 50 seed 1 only).

use std::time::Instant;
use toursat::deduce::trivial_open_share;
use toursat::engine::Limits;
use toursat::gen::{largest_shaded_group, sparse_puzzle, Difficulty, Symmetry};

/// The median of `values` (the upper one of an even count).
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    println!("| size | difficulty | puzzles | median shaded | median open after trivial rules | largest shaded group | median time (s) |");
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    let difficulties = [
        None,
        Some(Difficulty::Easy),
        Some(Difficulty::Medium),
        Some(Difficulty::Hard),
    ];
    for size in [10u64, 15, 20, 30, 50] {
        for difficulty in difficulties {
            let seeds = if size >= 50 { 1..=1 } else { 1..=3 };
            let (mut shaded, mut open, mut seconds) = (Vec::new(), Vec::new(), Vec::new());
            let mut largest = 0;
            let mut failed = 0;
            for seed in seeds {
                let started = Instant::now();
                match sparse_puzzle(
                    size,
                    size,
                    Symmetry::None,
                    difficulty,
                    seed,
                    &Limits::none(),
                ) {
                    Ok(board) => {
                        seconds.push(started.elapsed().as_secs_f64());
                        let squares = board.len() as f64;
                        shaded.push((squares - board.free_count() as f64) / squares);
                        open.push(trivial_open_share(&board));
                        largest = largest.max(largest_shaded_group(&board));
                    }
                    Err(_) => failed += 1,
                }
            }
            let name = difficulty.map_or("(none)", |difficulty| difficulty.name());
            if shaded.is_empty() {
                println!("| {size} x {size} | {name} | 0 ({failed} failed) | | | | |");
                continue;
            }
            println!(
                "| {size} x {size} | {name} | {}{} | {:.0}% | {:.0}% | {largest} | {:.1} |",
                shaded.len(),
                if failed > 0 {
                    format!(" ({failed} failed)")
                } else {
                    String::new()
                },
                100.0 * median(&mut shaded),
                100.0 * median(&mut open),
                median(&mut seconds)
            );
        }
    }
}
