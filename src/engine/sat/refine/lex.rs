//! SAT-guided lexicographic order: the lexicographically first tour, one square at a time.
//!
//! The tour is built as a prefix. For the next square, the candidates (the unvisited moves from
//! the last square, in lexicographic order) are tried in turn: the current tour, which extends
//! the prefix, accepts its own next square at once; a smaller candidate is asked of the solver
//! under assumptions (the prefix's moves) and, if some tour extends it, becomes the current
//! tour.

use crate::core::board::{Board, Square};
use crate::core::piece::MoveGraph;
use crate::core::problem::{Problem, TourShape};
use crate::core::tour::Tour;
use crate::engine::flow::factor::{path_cover_possible, PathEnd};
use crate::engine::sat::refine::Refinement;
use crate::engine::sat::{trivial_tour, SatOptions};
use crate::engine::{Answer, Limits, Stats, Stop};
use crate::graph::cycle::Vertex;

/// Finds the lexicographically first tour of `problem` (squares compared by column, then row).
pub fn search(
    problem: &Problem,
    move_graph: &MoveGraph,
    options: &SatOptions,
    limits: &Limits,
    stats: &mut Stats,
) -> Answer {
    if let Some(tour) = trivial_tour(problem) {
        return Answer::Found(lex_first_rotation(problem, tour));
    }
    let mut refinement = Refinement::new(problem, move_graph, options, limits);
    let found = first_tour(problem, move_graph, &mut refinement, stats);
    refinement.into_answer(found, stats)
}

/// The prefix-extension loop; `None` when no tour exists at all.
fn first_tour(
    problem: &Problem,
    move_graph: &MoveGraph,
    refinement: &mut Refinement,
    stats: &mut Stats,
) -> Result<Option<Tour>, Stop> {
    let board = &problem.board;
    let graph = refinement.graph().clone();
    let lex_key = |vertex: Vertex| lex_key(board, graph.square(vertex));
    let mut path: Vec<Vertex> = match (graph.virtual_vertex(), graph.start()) {
        (Some(virtual_vertex), Some(start)) => vec![virtual_vertex, start],
        (Some(virtual_vertex), None) => vec![virtual_vertex],
        (None, Some(start)) => vec![start],
        (None, None) => {
            let first = (0..graph.square_count() as Vertex).min_by_key(|&v| lex_key(v));
            vec![first.unwrap_or(0)]
        }
    };
    let Some(cycle) = refinement.cycle_through(&path)? else {
        return Ok(None);
    };
    let mut current = oriented(cycle, &path);
    let mut visited = vec![false; graph.vertex_count()];
    let mut unvisited: Vec<bool> = (0..board.len() as Square)
        .map(|square| board.is_free(square))
        .collect();
    for &vertex in &path {
        visited[vertex as usize] = true;
        if Some(vertex) != graph.virtual_vertex() {
            unvisited[graph.square(vertex) as usize] = false;
        }
    }
    let bipartite = problem.piece.is_bipartite();
    let path_end = match (problem.shape, problem.end) {
        (TourShape::Open, Some(end)) => PathEnd::On(end),
        (TourShape::Open, None) => PathEnd::Anywhere,
        (TourShape::Closed, _) => PathEnd::NextTo(graph.square(path[0])),
    };
    while path.len() < graph.vertex_count() {
        stats.nodes += 1;
        let head = path[path.len() - 1];
        let mut candidates: Vec<Vertex> = graph
            .incident(head)
            .iter()
            .map(|&(vertex, _)| vertex)
            .filter(|&vertex| !visited[vertex as usize] && Some(vertex) != graph.virtual_vertex())
            .collect();
        candidates.sort_by_key(|&vertex| lex_key(vertex));
        let mut chosen = None;
        for candidate in candidates {
            let reversible = path.len() == 1 && current.last() == Some(&candidate);
            if current[path.len()] == candidate || reversible {
                if reversible {
                    current[1..].reverse();
                }
                chosen = Some(candidate);
                break;
            }
            let square = graph.square(candidate);
            unvisited[square as usize] = false;
            let coverable =
                !bipartite || path_cover_possible(board, move_graph, &unvisited, square, path_end);
            unvisited[square as usize] = true;
            if !coverable {
                continue;
            }
            path.push(candidate);
            let cycle = refinement.cycle_through(&path)?;
            path.pop();
            if let Some(cycle) = cycle {
                let mut extended = path.clone();
                extended.push(candidate);
                current = oriented(cycle, &extended);
                chosen = Some(candidate);
                break;
            }
        }
        // The current tour's own next square always qualifies, so a square is always chosen.
        let Some(next) = chosen else {
            return Ok(None);
        };
        visited[next as usize] = true;
        unvisited[graph.square(next) as usize] = false;
        path.push(next);
    }
    let squares = path
        .into_iter()
        .filter(|&vertex| Some(vertex) != graph.virtual_vertex())
        .map(|vertex| graph.square(vertex))
        .collect();
    Ok(Some(Tour::new(squares)))
}

/// A cycle rotated to start at `path[0]` and turned to walk along `path`.
fn oriented(mut cycle: Vec<Vertex>, path: &[Vertex]) -> Vec<Vertex> {
    if let Some(position) = cycle.iter().position(|&vertex| vertex == path[0]) {
        cycle.rotate_left(position);
    }
    if path.len() > 1 && cycle.get(1) != Some(&path[1]) {
        cycle[1..].reverse();
    }
    cycle
}

/// The sort key of the lexicographic order: column, then row.
fn lex_key(board: &Board, square: Square) -> (u32, u32) {
    board.coords(square)
}

/// A tour of one or two squares in its lexicographically first form.
fn lex_first_rotation(problem: &Problem, tour: Tour) -> Tour {
    let mut squares = tour.into_squares();
    if problem.start.is_none() {
        squares.sort_by_key(|&square| lex_key(&problem.board, square));
    }
    Tour::new(squares)
}
