//! Graph files: generated graphs with a planted cycle answered and verified, boards written as
//! graphs agreeing with the board engines, the cheap proofs in the words of graphs, and bad graph
//! files refused with their line.

mod common;

use common::{
    closed_graph_json, forced_knight_board, phase_seconds, scratch, scratch_dir, toursat, Run,
};
use toursat::core::rng::SplitMix64;
use toursat::engine::sat::{Encoding, SatOptions};
use toursat::engine::{self, solve_graph, Answer, EngineChoice, Impossibility, SolveOptions};
use toursat::graph::file::{read_graph, write_hcp};
use toursat::graph::generate::{
    board_graph, generalized_petersen, hubbed_copies, planted_cubic, CopyLinks,
};
use toursat::graph::problem::GraphProblem;
use toursat::verify::graph::verify_graph_tour;
use toursat::{Board, Piece, Problem, Tour, TourShape};

/// A cubic graph of `vertex_count` vertices with a planted Hamiltonian cycle (`gen-graph --kind
/// planted-cubic --seed 1`), written as a TSPLIB HCP file named `planted-cubic-N`; its path.
fn planted_file(vertex_count: usize) -> String {
    let name = format!("planted-cubic-{vertex_count}");
    let graph = planted_cubic(vertex_count, 1).unwrap();
    let text = write_hcp(&name, None, graph.vertex_count, &graph.edges);
    let path = scratch(&format!("{name}.hcp"), &text);
    path.to_str().unwrap().to_string()
}

/// Checks that `toursat verify` accepts `tour` as a closed tour of the graph file `graph`
/// (`what` names the run in a failure).
fn assert_verify_accepts(graph: &str, tour: &str, what: &str) {
    let checked = toursat(&["verify", "--graph", graph, "-", "--tour", "closed"], tour);
    assert_eq!(
        (checked.status, checked.stdout.as_str()),
        (0, "ok\n"),
        "{what}: {}",
        checked.stderr
    );
}

/// The graph problem of [`planted_file`]'s graph, read back from its file.
fn planted_graph(vertex_count: usize, shape: TourShape) -> GraphProblem {
    let text = std::fs::read_to_string(planted_file(vertex_count)).unwrap();
    let file = read_graph(&text).unwrap();
    GraphProblem::new(file.vertex_count, file.edges, shape)
}

/// The Petersen graph: cubic, 2-factors but no Hamiltonian cycle.
fn petersen() -> GraphProblem {
    generalized_petersen(5, 2).unwrap()
}

/// The SAT engine with every encoding, `auto` and depth-first search.
fn every_engine() -> Vec<EngineChoice> {
    let mut engines = vec![EngineChoice::Auto, EngineChoice::Dfs];
    for encoding in [
        Encoding::Cutset,
        Encoding::CutsetArcs,
        Encoding::Position,
        Encoding::Crt,
    ] {
        engines.push(EngineChoice::Sat(SatOptions {
            encoding,
            ..SatOptions::default()
        }));
    }
    engines.push(EngineChoice::Sat(SatOptions {
        merge: false,
        warm_start: false,
        ..SatOptions::default()
    }));
    engines
}

fn solve_with(problem: &GraphProblem, engine: EngineChoice) -> Answer {
    let options = SolveOptions {
        engine,
        ..SolveOptions::default()
    };
    solve_graph(problem, &options).unwrap().answer
}

#[test]
fn every_planted_graph_has_a_verified_hamiltonian_cycle() {
    for vertex_count in [18, 324, 736, 976, 1000, 5000] {
        let problem = planted_graph(vertex_count, TourShape::Closed);
        let solution = solve_graph(&problem, &SolveOptions::default()).unwrap();
        let Answer::Found(tour) = solution.answer else {
            panic!("{vertex_count} vertices: no cycle found");
        };
        assert_eq!(tour.len(), vertex_count);
        verify_graph_tour(&problem, &tour).unwrap();
    }
}

#[test]
fn a_cut_loop_completed_early_still_finds_a_verified_cycle() {
    let problem = planted_graph(736, TourShape::Closed);
    let options = SolveOptions {
        engine: EngineChoice::Sat(SatOptions {
            merge: false,
            warm_start: false,
            complete_after: Some(1),
            ..SatOptions::default()
        }),
        ..SolveOptions::default()
    };
    let solution = solve_graph(&problem, &options).unwrap();
    let completed = solution
        .stats
        .sat
        .as_ref()
        .and_then(|sat| sat.completed_after);
    let Answer::Found(tour) = solution.answer else {
        panic!("no cycle found");
    };
    verify_graph_tour(&problem, &tour).unwrap();
    assert!(completed.is_some(), "the crt layer completed the formula");
}

#[test]
fn every_engine_answers_small_graphs_alike() {
    let mut graphs = vec![planted_graph(18, TourShape::Closed), petersen()];
    let mut open = petersen();
    open.shape = TourShape::Open;
    graphs.push(open.clone());
    open.start = Some(0);
    open.end = Some(7);
    graphs.push(open);
    for problem in &graphs {
        let answers: Vec<bool> = every_engine()
            .into_iter()
            .map(|engine| match solve_with(problem, engine) {
                Answer::Found(tour) => {
                    verify_graph_tour(problem, &tour).unwrap();
                    true
                }
                Answer::NoTour(_) => false,
                Answer::Stopped(stop) => panic!("stopped: {stop:?}"),
            })
            .collect();
        assert!(
            answers.iter().all(|&found| found == answers[0]),
            "{problem:?}: {answers:?}"
        );
    }
}

#[test]
fn the_petersen_graph_has_no_hamiltonian_cycle_but_a_path() {
    assert_eq!(
        solve_with(&petersen(), EngineChoice::Auto),
        Answer::NoTour(Impossibility::Unsatisfiable)
    );
    let mut open = petersen();
    open.shape = TourShape::Open;
    assert!(matches!(
        solve_with(&open, EngineChoice::Auto),
        Answer::Found(_)
    ));
}

/// A board's problem as a graph problem: vertex `i` is the `i`-th free square.
fn as_graph(problem: &Problem) -> GraphProblem {
    let squares: Vec<u32> = problem.board.free_squares().collect();
    let vertex = |square: u32| squares.binary_search(&square).unwrap() as u32;
    let mut graph = board_graph(&problem.board, problem.piece);
    graph.shape = problem.shape;
    graph.start = problem.start.map(vertex);
    graph.end = problem.end.map(vertex);
    graph
}

#[test]
fn boards_written_as_graphs_agree_with_the_board_engines() {
    let mut rng = SplitMix64::new(16);
    let pieces = [Piece::Rook, Piece::Knight, Piece::King];
    for round in 0..240 {
        let rows = 2 + rng.below(3);
        let cols = 2 + rng.below(4);
        let mut board = Board::new(rows, cols).unwrap();
        for _ in 0..rng.below(3) {
            board.block(rng.below(rows * cols) as u32);
        }
        let free: Vec<u32> = board.free_squares().collect();
        if free.is_empty() {
            continue;
        }
        let shape = [TourShape::Closed, TourShape::Open][round % 2];
        let mut problem = Problem::new(board, pieces[round % 3], shape);
        if round % 4 == 1 {
            problem.start = Some(free[rng.below(free.len() as u64) as usize]);
        }
        if problem.validate().is_err() {
            continue;
        }
        let graph = as_graph(&problem);
        let on_board = engine::solve(&problem, &SolveOptions::default())
            .unwrap()
            .answer;
        // Two squares make a circuit on a board (the judge's rule), not a Hamiltonian cycle of
        // a simple graph (RELIABILITY.md, "Graphs of two vertices").
        let cycle_too_short = shape == TourShape::Closed && free.len() < 3;
        for engine in [EngineChoice::Auto, EngineChoice::Dfs] {
            let on_graph = solve_with(&graph, engine);
            assert_eq!(
                matches!(on_board, Answer::Found(_)) && !cycle_too_short,
                matches!(on_graph, Answer::Found(_)),
                "{problem:?} by {engine:?}: board {on_board:?}, graph {on_graph:?}"
            );
            if let Answer::Found(tour) = on_graph {
                let squares = tour.squares().iter().map(|&v| free[v as usize]).collect();
                toursat::verify(&problem, &Tour::new(squares)).unwrap();
            }
        }
    }
}

#[test]
fn cheap_proofs_speak_of_vertices_and_edges() {
    let cases = [
        (
            "1 2\n2 3\n3 1\n3 4\n",
            "closed",
            "no tour: vertex 4 has only 1 edge",
        ),
        (
            "1 2\n2 3\n3 1\n3 4\n4 5\n5 3\n",
            "closed",
            "no tour: vertex 3 splits the graph, and a cycle cannot pass it twice",
        ),
        (
            "1 2\n2 3\n3 1\n4 5\n5 6\n6 4\n",
            "closed",
            "no tour: no path joins vertex 1 and vertex 4",
        ),
        (
            "1 4\n1 5\n2 4\n2 5\n3 4\n3 5\n",
            "closed",
            "no tour: the graph is bipartite, with sides of 3 and 2 vertices",
        ),
        (
            "1 3\n1 4\n1 5\n1 6\n2 3\n2 4\n2 5\n2 6\n3 4\n",
            "closed",
            "no tour: a Hamiltonian cycle gives every vertex two of its edges, and a maximum \
             matching of Tutte's gadget shows no set of edges does that",
        ),
        (
            "1 2\n1 3\n1 4\n",
            "open",
            "no tour: 3 vertices have a single edge (2 3 4), but a path has only two ends",
        ),
    ];
    for (edges, shape, expected) in cases {
        let graph = scratch("proof-graph.txt", edges);
        let Run { stdout, status, .. } = toursat(
            &["solve", "--graph", graph.to_str().unwrap(), "--tour", shape],
            "",
        );
        assert_eq!(status, 1, "{edges}");
        assert!(stdout.starts_with(expected), "{edges}: {stdout}");
    }
}

#[test]
fn solve_writes_vertices_tsplib_and_json_that_verify_reads_back() {
    let graph = planted_file(736);
    for format in ["vertices", "tsplib", "json"] {
        let solved = toursat(
            &[
                "solve", "--graph", &graph, "--tour", "closed", "--format", format,
            ],
            "",
        );
        assert_eq!(solved.status, 0, "{format}: {}", solved.stderr);
        assert_verify_accepts(&graph, &solved.stdout, format);
    }
    let tsplib = toursat(
        &[
            "solve", "--graph", &graph, "--tour", "closed", "--format", "tsplib",
        ],
        "",
    );
    assert!(tsplib.stdout.starts_with(
        "NAME : planted-cubic-736.tour\nTYPE : TOUR\nDIMENSION : 736\nTOUR_SECTION\n"
    ));
    assert!(tsplib.stdout.ends_with("-1\nEOF\n"));
}

#[test]
fn verify_refuses_a_tampered_graph_tour() {
    let graph = planted_file(18);
    let solved = toursat(&["solve", "--graph", &graph, "--tour", "closed"], "");
    let mut lines: Vec<&str> = solved.stdout.lines().collect();
    lines.swap(1, 9);
    let tampered = lines.join("\n") + "\n";
    let Run { stdout, status, .. } = toursat(
        &["verify", "--graph", &graph, "-", "--tour", "closed"],
        &tampered,
    );
    assert_eq!(status, 1);
    assert!(
        stdout.starts_with("invalid: step ") && stdout.contains("is not an edge of the graph"),
        "{stdout}"
    );
    let json = toursat(
        &[
            "verify", "--graph", &graph, "-", "--tour", "closed", "--json",
        ],
        &tampered,
    );
    assert!(
        json.stdout.contains(r#""answer":"invalid""#),
        "{}",
        json.stdout
    );
}

#[test]
fn open_paths_keep_their_fixed_ends() {
    let graph = planted_file(976);
    // Two vertices next to each other on a Hamiltonian cycle are the ends of a Hamiltonian path.
    let cycle = toursat(&["solve", "--graph", &graph, "--tour", "closed"], "");
    assert_eq!(cycle.status, 0, "{}", cycle.stderr);
    let cycle: Vec<&str> = cycle.stdout.lines().collect();
    let (start, end) = (cycle[1], cycle[0]);
    let Run { stdout, status, .. } = toursat(
        &[
            "solve", "--graph", &graph, "--tour", "open", "--start", start, "--end", end,
        ],
        "",
    );
    assert_eq!(status, 0);
    let vertices: Vec<&str> = stdout.lines().collect();
    assert_eq!(vertices.len(), 976);
    assert_eq!((vertices[0], vertices[975]), (start, end));
}

#[test]
fn bad_graph_files_are_refused_with_their_line() {
    let cases = [
        ("1 2\n2 x\n", "line 2"),
        (
            "p edge 3 2\ne 1 2\ne 2 5\n",
            "line 3: vertex 5 is out of range 1..3",
        ),
        (
            "NAME : g\nTYPE : HCP\nDIMENSION : 3\nEDGE_DATA_FORMAT : EDGE_LIST\n",
            "EDGE_DATA_SECTION",
        ),
        (
            "TYPE : HCP\nDIMENSION : 2\nEDGE_DATA_SECTION\n1 2\n2 3\n-1\n",
            "line 5",
        ),
    ];
    for (text, expected) in cases {
        let Run { stderr, status, .. } =
            toursat(&["solve", "--graph", "-", "--tour", "closed"], text);
        assert_eq!(status, 2, "{text}");
        assert!(
            stderr.starts_with("toursat: stdin: ") && stderr.contains(expected),
            "{text}: {stderr}"
        );
    }
}

#[test]
fn self_loops_and_repeated_edges_are_dropped_with_a_note() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(
        &["solve", "--graph", "-", "--tour", "closed"],
        "1 2\n2 3\n3 3\n3 1\n2 1\n",
    );
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(stdout.lines().count(), 3);
    assert!(stderr.contains("line 3: self-loop 3 3 ignored"), "{stderr}");
    assert!(
        stderr.contains("line 5: edge 2 1 repeats line 1"),
        "{stderr}"
    );
}

#[test]
fn board_options_and_board_formats_are_refused_with_graphs() {
    let graph = planted_file(18);
    let refusals = [
        (
            vec![
                "solve", "--graph", &graph, "--tour", "closed", "--format", "grid",
            ],
            "--format grid",
        ),
        (
            vec![
                "solve", "--graph", &graph, "--tour", "open", "--start", "19",
            ],
            "from 1 to 18",
        ),
        (
            vec!["count", "--graph", &graph, "--tour", "closed"],
            "boards only",
        ),
        (
            vec![
                "solve", "--rows", "4", "--cols", "4", "--piece", "rook", "--tour", "closed",
                "--format", "vertices",
            ],
            "--graph",
        ),
    ];
    for (args, expected) in refusals {
        let Run { stderr, status, .. } = toursat(&args, "");
        assert_eq!(status, 2, "{args:?}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}

#[test]
fn depth_first_search_solves_graph_files() {
    let graph = planted_file(18);
    let solved = toursat(
        &[
            "solve", "--graph", &graph, "--tour", "closed", "--engine", "dfs",
        ],
        "",
    );
    assert_eq!(solved.status, 0, "{}", solved.stderr);
    assert_eq!(solved.stdout.lines().count(), 18);
    assert_verify_accepts(&graph, &solved.stdout, "dfs");
}

#[test]
fn dimacs_names_the_graph_and_its_vertices() {
    let graph = scratch(
        "triangle.hcp",
        &write_hcp("triangle", None, 3, &[(0, 1), (1, 2), (0, 2)]),
    );
    let Run { stdout, status, .. } = toursat(
        &[
            "dimacs",
            "--graph",
            graph.to_str().unwrap(),
            "--tour",
            "closed",
        ],
        "",
    );
    assert_eq!(status, 0);
    let (identity, rest) = stdout.split_once('\n').unwrap();
    assert!(
        identity.starts_with("c toursat formula digest "),
        "{stdout}"
    );
    assert!(rest.starts_with(
        "c toursat tour problem\nc graph triangle, 3 vertices, 3 edges\nc tour closed, start none, end none\nc encoding cutset\n"
    ), "{stdout}");
    assert!(stdout.contains("\nc edge 1 1 2\n"), "{stdout}");
}

#[test]
fn a_graph_stopped_at_its_time_limit_names_the_engines_phase_not_the_proofs() {
    // GP(6005, 2) has no Hamiltonian cycle (6005 = 5 mod 6), which the cheap proofs do not see
    // and no engine proves within a second: the time goes to the engine, and --stats says so.
    let graph = generalized_petersen(6005, 2).unwrap();
    let file = scratch(
        "petersen-6005-2.hcp",
        &write_hcp("petersen-6005-2", None, graph.vertex_count, &graph.edges),
    );
    let file = file.to_str().unwrap();
    for (engine, phase) in [("auto", "SAT"), ("sat", "SAT"), ("dfs", "search")] {
        let Run { stderr, status, .. } = toursat(
            &[
                "solve",
                "--graph",
                file,
                "--tour",
                "closed",
                "--engine",
                engine,
                "--format",
                "none",
                "--stats",
                "--timeout",
                "1",
            ],
            "",
        );
        assert_eq!(status, 3, "{engine}: {stderr}");
        let phases = phase_seconds(&stderr);
        let total: f64 = phases.iter().map(|&(_, seconds)| seconds).sum();
        let in_engine = phases
            .iter()
            .find(|&&(name, _)| name == phase)
            .map_or(0.0, |&(_, seconds)| seconds);
        assert!(in_engine > total / 2.0, "{engine}: {stderr}");
    }
}

#[test]
fn a_large_graph_falls_to_forced_edges_said_in_vertices() {
    // More than 40,000 vertices, where forced edges come before the flow: the board of
    // `forced_knight_board`, whose forced moves leave a square short of moves.
    let board: Board = forced_knight_board().parse().unwrap();
    let graph = board_graph(&board, Piece::Knight);
    let solution = solve_graph(&graph, &SolveOptions::default()).unwrap();
    let Answer::NoTour(why @ Impossibility::ForcedMoves(_)) = &solution.answer else {
        panic!("{:?}", solution.answer);
    };
    let said = toursat::format::reason::explain_graph(why);
    assert!(
        said.starts_with(
            "a Hamiltonian cycle uses both edges of a vertex that has only two left, and doing \
             so at 2 vertices in turn, from vertex "
        ) && said.ends_with(" fewer than two edges to use"),
        "{said}"
    );
}

/// Three planted cubic graphs joined in a ring by two-edge cuts, as `gen-graph --kind
/// joined-cubic` writes them: `solve` answers piece by piece, says so in its statistics, and
/// `verify` accepts the cycle; a count of vertices that is not three equal parts is refused.
#[test]
fn a_graph_joined_by_two_edge_cuts_is_solved_piece_by_piece_and_verified() {
    let dir = scratch_dir("joined-cubic");
    let graph = dir.join("joined.hcp");
    let graph = graph.to_str().unwrap();
    let written = toursat(
        &[
            "gen-graph",
            "--kind",
            "joined-cubic",
            "--vertices",
            "300",
            "--parts",
            "3",
            "-o",
            graph,
        ],
        "",
    );
    assert_eq!(written.status, 0, "{}", written.stderr);
    let answer = closed_graph_json(graph, 0);
    assert_eq!(answer["statistics"]["engine"], "sat:two-edge-cuts");
    assert_eq!(answer["statistics"]["sat"]["encoding"], "two-edge-cuts");
    let solved = toursat(&["solve", "--graph", graph, "--tour", "closed"], "");
    assert_verify_accepts(graph, &solved.stdout, "two-edge cuts");
    let uneven = toursat(
        &[
            "gen-graph",
            "--kind",
            "joined-cubic",
            "--vertices",
            "301",
            "--parts",
            "3",
        ],
        "",
    );
    assert_eq!(uneven.status, 2, "{}", uneven.stderr);
    assert!(
        uneven
            .stderr
            .contains("--vertices 301 is not --parts 3 parts of equal size"),
        "{}",
        uneven.stderr
    );
}

/// GP(11, 2) (no Hamiltonian cycle) less its edge 1-2, joined by the edges 1-23 and 2-24 to the
/// cube less its edge 23-24 (vertices numbered from 1, as files number them): `solve` proves
/// that there is no tour from the Petersen side alone, in words that name the two edges, and
/// the whole graph's formula agrees.
#[test]
fn a_piece_without_a_passage_proves_there_is_no_tour() {
    let petersen = generalized_petersen(11, 2).unwrap();
    let mut edges: Vec<(u32, u32)> = petersen
        .edges
        .iter()
        .copied()
        .filter(|&edge| edge != (0, 1))
        .collect();
    let cube = [(1, 2), (2, 3), (0, 3), (4, 5), (5, 6), (6, 7), (4, 7)];
    let spokes = [(0, 4), (1, 5), (2, 6), (3, 7)];
    edges.extend(cube.iter().chain(&spokes).map(|&(a, b)| (22 + a, 22 + b)));
    edges.extend([(0, 22), (1, 23)]);
    let text = write_hcp("petersen-cube", None, 30, &edges);
    let graph = scratch("petersen-cube.hcp", &text);
    let graph = graph.to_str().unwrap();
    let said = toursat(&["solve", "--graph", graph, "--tour", "closed"], "");
    assert_eq!(said.status, 1, "{}", said.stderr);
    assert_eq!(
        said.stdout,
        "no tour: every Hamiltonian cycle uses the edges 1-23 and 2-24, since removing both \
         splits the graph, so it passes through the 22 vertices on the side of vertex 1 as one \
         path from vertex 1 to vertex 2; there is no such passage: the SAT solver proved that \
         the part, with one vertex more for each pair joined to the pair's two ends, has no \
         Hamiltonian cycle\n"
    );
    let answer = closed_graph_json(graph, 1);
    assert_eq!(answer["why"]["kind"], "piece-without-passage");
    assert_eq!(answer["why"]["vertices"], serde_json::json!([1, 23, 2, 24]));
    assert_eq!(answer["statistics"]["engine"], "sat:two-edge-cuts");
    let whole = toursat(
        &[
            "solve", "--graph", graph, "--tour", "closed", "--engine", "sat",
        ],
        "",
    );
    assert_eq!(whole.status, 1, "{}", whole.stderr);
    assert!(whole.stdout.contains("unsatisfiable"), "{}", whole.stdout);
}

/// A graph of six blocks (`graph::generate::hubbed_copies`: 40-cycles, each with a hub joined to
/// all of it and one to half of it, the hubs of each kind in a ring), as a TSPLIB file: `solve`
/// answers it block by block, says so in its statistics, and `verify` accepts the cycle.
#[test]
fn a_graph_of_blocks_is_solved_block_by_block_and_verified() {
    let copies = hubbed_copies(6, CopyLinks::Hubs).unwrap();
    let text = write_hcp("hubbed-copies-6", None, copies.vertex_count, &copies.edges);
    let graph = scratch("hubbed-copies-6.hcp", &text);
    let graph = graph.to_str().unwrap();
    let answer = closed_graph_json(graph, 0);
    assert_eq!(answer["statistics"]["engine"], "sat:blocks");
    assert_eq!(answer["statistics"]["sat"]["encoding"], "blocks");
    let solved = toursat(&["solve", "--graph", graph, "--tour", "closed"], "");
    assert_verify_accepts(graph, &solved.stdout, "blocks");
}
