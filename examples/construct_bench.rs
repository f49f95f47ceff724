//! Times the construction of a knight's tour and its streaming verification.
//!
//! `cargo run --release --example construct_bench -- ROWS COLS [closed|open]`

use std::time::Instant;
use toursat::engine::construct::construct;
use toursat::verify::stream::verify_stream;
use toursat::{Board, Piece, Problem, TourShape};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let [rows, cols, rest @ ..] = &arguments[..] else {
        return Err("usage: construct_bench ROWS COLS [closed|open]".into());
    };
    let shape: TourShape = rest.first().map_or(Ok(TourShape::Closed), |s| s.parse())?;
    let problem = Problem::new(
        Board::new(rows.parse()?, cols.parse()?)?,
        Piece::Knight,
        shape,
    );
    let started = Instant::now();
    let tour = construct(&problem)?;
    let built = started.elapsed();
    let walked_from = Instant::now();
    let checksum = tour.squares().fold(0u64, |sum, square| {
        sum.wrapping_mul(31).wrapping_add(square as u64)
    });
    let walked = walked_from.elapsed();
    let verified_from = Instant::now();
    let squares = verify_stream(&problem, tour.squares())?;
    let verified = verified_from.elapsed();
    println!(
        "{rows} x {cols} {shape}: built in {built:.3?}, walked in {walked:.3?} (checksum {checksum:x}), \
         {squares} squares verified in {verified:.3?}, total {:.3?}",
        started.elapsed()
    );
    Ok(())
}
