//! `toursat gen-graph`: reproducible graph files (TSPLIB HCP) from a seed, or from a board.

use super::args::{read_board, PieceParser};
use super::error::CliError;
use super::exit;
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::PathBuf;
use toursat::core::board::MAX_SQUARES;
use toursat::graph::file::write_hcp;
use toursat::graph::generate;
use toursat::graph::problem::GraphProblem;
use toursat::Piece;

/// Examples shown under `toursat gen-graph --help`.
pub const EXAMPLES: &str = "\
Examples:
  toursat gen-graph --kind planted-cubic --vertices 2000 --seed 1 -o /tmp/cubic2000.hcp
  toursat gen-graph --kind random-cubic --vertices 500 --seed 3
  toursat gen-graph --kind joined-cubic --vertices 3000 --parts 3 -o /tmp/joined3000.hcp
  toursat gen-graph --kind generalized-petersen --vertices 70 --step 2 -o /tmp/gp35.hcp
  toursat gen-graph --kind board examples/boards/ring.txt --piece rook -o /tmp/ring.hcp";

/// Arguments of `toursat gen-graph`.
#[derive(Args, Debug)]
pub struct GenGraphArgs {
    /// What to generate: `planted-cubic` (a Hamiltonian cycle planted, then a random perfect
    /// matching of chords), `random-cubic` (three random perfect matchings), `joined-cubic`
    /// (--parts planted cubic graphs joined in a ring by two-edge cuts), `generalized-petersen`
    /// (GP(n, k), n = --vertices / 2, k = --step) or `board` (the move graph of --piece on
    /// BOARD_FILE, free squares numbered row by row).
    #[arg(long, value_enum)]
    kind: GraphKind,
    /// The board file of `--kind board` (`-`: stdin), or a puzz.link URL (see `toursat solve
    /// --help`).
    #[arg(value_name = "BOARD_FILE", required_if_eq("kind", "board"))]
    board_file: Option<PathBuf>,
    /// The piece of `--kind board`.
    #[arg(long, default_value = "rook", value_parser = PieceParser)]
    piece: Piece,
    /// Vertices of a cubic graph (even, at least 4; for generalized-petersen, 2n; for
    /// joined-cubic, in all: each part's share even, at least 4).
    #[arg(
        long,
        required_if_eq_any([
            ("kind", "planted-cubic"),
            ("kind", "random-cubic"),
            ("kind", "joined-cubic"),
            ("kind", "generalized-petersen"),
        ])
    )]
    vertices: Option<usize>,
    /// joined-cubic: the parts, of --vertices / --parts vertices each.
    #[arg(long, default_value_t = 3)]
    parts: usize,
    /// generalized-petersen: the inner step k of GP(n, k).
    #[arg(long, default_value_t = 2)]
    step: usize,
    /// The seed: the same seed and options give the same graph.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the graph to FILE (default: standard output).
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// The kinds of graph.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum GraphKind {
    /// A cubic graph with a planted Hamiltonian cycle.
    PlantedCubic,
    /// A random cubic graph.
    RandomCubic,
    /// Planted cubic graphs joined in a ring by two-edge cuts.
    JoinedCubic,
    /// The generalized Petersen graph GP(n, k): no Hamiltonian cycle when k = 2 and
    /// n = 5 mod 6.
    GeneralizedPetersen,
    /// A board's move graph.
    Board,
}

/// Runs `toursat gen-graph`: the exit status, or an error.
pub fn run(args: &GenGraphArgs) -> Result<u8, CliError> {
    let (graph, name, comment) = generate(args)?;
    let text = write_hcp(&name, Some(&comment), graph.vertex_count, &graph.edges);
    match &args.output {
        Some(path) => {
            toursat::core::atomic_file::write_file(path, |out| out.write_all(text.as_bytes()))
                .map_err(|error| CliError::in_file(path, error))
        }
        None => std::io::stdout()
            .lock()
            .write_all(text.as_bytes())
            .map_err(|error| CliError::input(format!("writing the graph: {error}"))),
    }?;
    Ok(exit::SUCCESS)
}

/// The graph asked for, its name and a comment saying how it was made.
fn generate(args: &GenGraphArgs) -> Result<(GraphProblem, String, String), CliError> {
    let refused = |error: generate::GenGraphError| CliError::input(format!("gen-graph: {error}"));
    let vertices = args.vertices.unwrap_or_default();
    match args.kind {
        GraphKind::PlantedCubic => Ok((
            generate::planted_cubic(vertices, args.seed).map_err(refused)?,
            format!("planted-cubic-{vertices}-s{}", args.seed),
            format!(
                "cubic, a Hamiltonian cycle planted; toursat gen-graph --kind planted-cubic \
                 --vertices {vertices} --seed {}",
                args.seed
            ),
        )),
        GraphKind::RandomCubic => Ok((
            generate::random_cubic(vertices, args.seed).map_err(refused)?,
            format!("random-cubic-{vertices}-s{}", args.seed),
            format!(
                "random cubic; toursat gen-graph --kind random-cubic --vertices {vertices} \
                 --seed {}",
                args.seed
            ),
        )),
        GraphKind::JoinedCubic => {
            let parts = args.parts;
            if parts == 0 || vertices % parts != 0 {
                return Err(CliError::input(format!(
                    "gen-graph: --vertices {vertices} is not --parts {parts} parts of equal size"
                )));
            }
            Ok((
                generate::joined_cubic(parts, vertices / parts, args.seed).map_err(refused)?,
                format!("joined-cubic-{vertices}-p{parts}-s{}", args.seed),
                format!(
                    "{parts} planted cubic graphs joined by two-edge cuts; toursat gen-graph \
                     --kind joined-cubic --vertices {vertices} --parts {parts} --seed {}",
                    args.seed
                ),
            ))
        }
        GraphKind::GeneralizedPetersen => {
            let n = vertices / 2;
            if vertices % 2 == 1 {
                return Err(CliError::input(
                    "gen-graph: GP(n, k) has 2n vertices: give an even --vertices",
                ));
            }
            Ok((
                generate::generalized_petersen(n, args.step).map_err(refused)?,
                format!("gp-{n}-{}", args.step),
                format!(
                    "the generalized Petersen graph GP({n}, {}); toursat gen-graph --kind \
                     generalized-petersen --vertices {vertices} --step {}",
                    args.step, args.step
                ),
            ))
        }
        GraphKind::Board => {
            let Some(path) = &args.board_file else {
                return Err(CliError::input("gen-graph --kind board needs a BOARD_FILE"));
            };
            let board = read_board(path, MAX_SQUARES)?;
            let stem = path.file_stem().map_or_else(
                || "board".to_string(),
                |stem| stem.to_string_lossy().into_owned(),
            );
            Ok((
                generate::board_graph(&board, args.piece),
                format!("{stem}-{}", args.piece),
                format!(
                    "the {} moves of a {} x {} board with {} blocked squares, free squares \
                     numbered row by row",
                    args.piece,
                    board.rows(),
                    board.cols(),
                    board.len() - board.free_count()
                ),
            ))
        }
    }
}
