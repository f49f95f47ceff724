//! Solving a graph problem: the board's path (cheap proofs, engine, verifier) on a graph file.

use super::block_solve;
use super::choose::{answer_verified, within_deadline};
use super::cut_solve;
use super::interrupt;
use super::proof::cheap;
use super::race;
use super::search::dfs;
use super::{
    sat, Answer, EngineChoice, Limits, Order, Solution, SolveError, SolveOptions, Stats, Stop,
};
use crate::core::piece::MoveGraph;
use crate::core::progress;
use crate::graph::problem::GraphProblem;
use crate::verify::graph::verify_graph_tour;

/// What `auto` gives the directed arcs on a graph on one core: a first look of 40,000 conflicts
/// (on the FHCP graphs of docs/fhcp.md the arcs answer within about 31,000 where they answer in
/// a second or so, and the edges' windowed repair answers others the arcs do not), the formula
/// completed after 10 balanced models (see [`sat::BALANCED_SHARE`]: on graphs built against
/// cuts, such as FHCP graph45, the completed formula answers where cuts do not). A race gives
/// them its own budgets (`race`).
const ARCS_LOOK: sat::Budgets = sat::Budgets {
    conflicts: 40_000,
    balanced_completion: Some(10),
    restart_interval: None,
    fresh_start_after: None,
};

/// Solves a graph problem: a Hamiltonian cycle or path that has passed [`verify_graph_tour`], a
/// proof that there is none, or a stop at a limit.
///
/// `auto` on a closed tour first solves the pieces between two-edge cuts alone, where such
/// cuts split the graph, or the blocks of a graph of blocks; else, or when they give no cycle,
/// it runs the SAT engine on the directed arcs (`cutset-arcs`) and with its defaults: on a
/// machine of two cores or more at once, each on a thread of its own, the first answer winning
/// (so which of two cycles is printed may vary from run to run), the arcs' solver started afresh
/// from random phases after every few models of a few long cycles; on one core the arcs for
/// 40,000 conflicts, their formula completed after 10 such models, then the defaults. `sat` runs
/// the SAT engine as its options say (by default the warm start where the graph has a 2-factor
/// the flow finds, joining by exchanges, windowed repair), always the same way; `dfs` the
/// depth-first search of boards, with ties broken by vertex number and no colours; the
/// construction and lexicographic order are for boards.
///
/// ```
/// use toursat::engine::{solve_graph, Answer, SolveOptions};
/// use toursat::graph::problem::GraphProblem;
/// use toursat::TourShape;
/// let cube_edges = vec![(0, 1), (1, 2), (2, 3), (0, 3), (4, 5), (5, 6), (6, 7), (4, 7),
///                       (0, 4), (1, 5), (2, 6), (3, 7)];
/// let cube = GraphProblem::new(8, cube_edges, TourShape::Closed);
/// let solution = solve_graph(&cube, &SolveOptions::default()).unwrap();
/// assert!(matches!(solution.answer, Answer::Found(ref tour) if tour.len() == 8));
/// ```
pub fn solve_graph(problem: &GraphProblem, options: &SolveOptions) -> Result<Solution, SolveError> {
    problem.validate().map_err(SolveError::Problem)?;
    let refused = |engine: &'static str, reason: &str| {
        Err(SolveError::EngineCannot {
            engine,
            reason: reason.to_string(),
        })
    };
    match (options.engine, options.order) {
        (EngineChoice::Construct, _) => {
            return refused(
                "construct",
                "the construction builds knight's tours of boards",
            )
        }
        (_, Order::Lex) => {
            return refused(
                "sat",
                "the lexicographic order compares squares by column and row, which a graph has not",
            )
        }
        _ => {}
    }
    if options.limits.deadline.is_none() && !interrupt::heeded() {
        return solve_valid(problem, options);
    }
    let (owned_problem, owned_options) = (problem.clone(), *options);
    within_deadline(options, move || solve_valid(&owned_problem, &owned_options))
}

/// [`solve_graph`] on a problem already validated, on the caller's thread.
fn solve_valid(problem: &GraphProblem, options: &SolveOptions) -> Result<Solution, SolveError> {
    let graph = MoveGraph::from_edges(problem.vertex_count, &problem.edges);
    answer_verified(
        options,
        || cheap::cheap_graph_proof(problem, &graph),
        |stats| run_engine(problem, &graph, options, stats),
        |tour| verify_graph_tour(problem, tour),
    )
}

/// Runs the chosen engine on a graph problem the cheap proofs did not settle.
fn run_engine(
    problem: &GraphProblem,
    graph: &MoveGraph,
    options: &SolveOptions,
    stats: &mut Stats,
) -> Answer {
    let limits = &options.limits;
    let satisfy = |sat_options: &sat::SatOptions, stats: &mut Stats| {
        stats.engine = sat_options.engine_name();
        sat::search_graph(problem, sat_options, limits, stats)
    };
    // The phase a progress line and a stop's statistics name: the engine's, once the cheap
    // proofs are done.
    match options.engine {
        EngineChoice::Dfs => progress::begin(progress::SEARCH, "nodes", None),
        _ => progress::begin(progress::SAT, "cycles left", None),
    }
    match options.engine {
        EngineChoice::Dfs => {
            stats.engine = "dfs".to_string();
            dfs::search_graph(problem, graph, limits, stats)
        }
        EngineChoice::Sat(sat_options) => satisfy(&sat_options, stats),
        // `auto`: a graph of blocks block by block first; with two cores, the directed arcs
        // and the SAT engine's defaults at once; else one after the other. The construction is
        // refused before.
        EngineChoice::Auto | EngineChoice::Construct => {
            blocks_then_race(problem, graph, limits, stats)
        }
    }
}

/// `auto` on a graph (`graph` its adjacency): piece by piece where two-edge cuts split it, and
/// block by block when it is a graph of blocks (each piece and each block's passage found the
/// same way, by [`passage`]); else, or when they give no cycle, [`auto_engine`].
fn blocks_then_race(
    problem: &GraphProblem,
    graph: &MoveGraph,
    limits: &Limits,
    stats: &mut Stats,
) -> Answer {
    if let Some(answer) = cut_solve::solve_by_two_edge_cuts(problem, graph, limits, stats, passage)
    {
        return answer;
    }
    match block_solve::solve_by_blocks(problem, graph, limits, stats, passage) {
        Some(cycle) => Answer::Found(cycle),
        None => auto_engine(problem, limits, stats),
    }
}

/// [`blocks_then_race`] on the problem of a piece or a block's passage, so that a piece or a
/// block of blocks is solved piece by piece or block by block too.
fn passage(problem: &GraphProblem, limits: &Limits, stats: &mut Stats) -> Answer {
    let graph = MoveGraph::from_edges(problem.vertex_count, &problem.edges);
    blocks_then_race(problem, &graph, limits, stats)
}

/// The engine of `auto` on a graph: with two cores, the directed arcs and the SAT engine's
/// defaults at once; else one after the other.
fn auto_engine(problem: &GraphProblem, limits: &Limits, stats: &mut Stats) -> Answer {
    let raced = race::pays()
        .then(|| race::race(problem, limits, stats))
        .flatten();
    raced.unwrap_or_else(|| arcs_then_defaults(problem, limits, stats))
}

/// `auto` on one core: first the directed arcs, whose models have many cycles to cut at once,
/// for the conflicts of [`ARCS_LOOK`]; then the SAT engine's defaults (warm start, joining,
/// windowed repair) with what time is left.
fn arcs_then_defaults(problem: &GraphProblem, limits: &Limits, stats: &mut Stats) -> Answer {
    let arcs = race::arcs_options();
    stats.engine = arcs.engine_name();
    let first = sat::search_graph_within(problem, &arcs, limits, ARCS_LOOK, stats);
    if !matches!(first, Answer::Stopped(Stop::ConflictBudget)) {
        return first;
    }
    let defaults = sat::SatOptions::default();
    stats.engine = defaults.engine_name();
    sat::search_graph(problem, &defaults, limits, stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::generate::{
        generalized_petersen, hubbed_copies, hubbed_units, joined_cubic, planted_cubic, CopyLinks,
    };

    /// Graphs with a Hamiltonian cycle (planted cubic graphs, GP(n, 2) for n not 5 mod 6) and
    /// without (GP(n, 2) for n = 5 mod 6, by Alspach's theorem).
    fn graphs() -> Vec<(GraphProblem, bool)> {
        let mut graphs = Vec::new();
        for n in [5, 7, 8, 11, 12, 17] {
            graphs.push((generalized_petersen(n, 2).unwrap(), n % 6 != 5));
        }
        for seed in 0..4 {
            graphs.push((planted_cubic(60, seed).unwrap(), true));
        }
        graphs
    }

    /// That `answer` is a verified cycle where `hamiltonian`, else a proof that there is none.
    fn assert_right(problem: &GraphProblem, answer: &Answer, hamiltonian: bool) {
        match answer {
            Answer::Found(tour) => {
                assert!(hamiltonian, "a cycle where none exists: {tour:?}");
                verify_graph_tour(problem, tour).unwrap();
            }
            Answer::NoTour(_) => assert!(!hamiltonian, "no tour claimed on a Hamiltonian graph"),
            Answer::Stopped(stop) => panic!("stopped without a limit: {stop:?}"),
        }
    }

    /// `auto` answers graphs of blocks (copies joined by their hubs, or by their cycles too)
    /// block by block, and units of such copies (joined in a ring by single edges, any two of
    /// which are a cut) piece by piece, each unit block by block, with a verified cycle;
    /// `--engine sat` answers them whole, with another.
    #[test]
    fn auto_answers_a_graph_of_blocks_block_by_block() {
        let problems = [
            (hubbed_copies(6, CopyLinks::Hubs).unwrap(), "sat:blocks"),
            (
                hubbed_copies(6, CopyLinks::HubsAndCycles).unwrap(),
                "sat:blocks",
            ),
            (hubbed_units(3).unwrap(), "sat:two-edge-cuts"),
        ];
        for (problem, engine) in problems {
            let solution = solve_graph(&problem, &SolveOptions::default()).unwrap();
            assert_eq!(solution.stats.engine, engine);
            assert_right(&problem, &solution.answer, true);
            let options = SolveOptions {
                engine: EngineChoice::Sat(sat::SatOptions::default()),
                ..SolveOptions::default()
            };
            let whole = solve_graph(&problem, &options).unwrap();
            assert!(
                whole.stats.engine.starts_with("sat:cutset"),
                "{}",
                whole.stats.engine
            );
            assert_right(&problem, &whole.answer, true);
        }
    }

    /// `auto` answers planted cubic graphs joined by two-edge cuts piece by piece, with a
    /// verified cycle.
    #[test]
    fn auto_answers_a_graph_joined_by_two_edge_cuts_piece_by_piece() {
        for (parts, seed) in [(2, 5), (4, 6)] {
            let problem = joined_cubic(parts, 100, seed).unwrap();
            let solution = solve_graph(&problem, &SolveOptions::default()).unwrap();
            assert_eq!(solution.stats.engine, "sat:two-edge-cuts");
            assert_right(&problem, &solution.answer, true);
        }
    }

    #[test]
    fn the_race_and_the_sequence_both_answer_every_graph_rightly() {
        for (problem, hamiltonian) in graphs() {
            let limits = Limits::none();
            let mut stats = Stats::default();
            let raced = race::race(&problem, &limits, &mut stats).expect("two threads");
            assert_right(&problem, &raced, hamiltonian);
            assert!(stats.engine.starts_with("sat:cutset"), "{}", stats.engine);
            let sequenced = arcs_then_defaults(&problem, &limits, &mut Stats::default());
            assert_right(&problem, &sequenced, hamiltonian);
        }
    }
}
