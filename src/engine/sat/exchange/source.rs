//! What a formula encodes: a board's tour problem or a graph file's, with the header lines that
//! name it and the names of its squares or vertices.

use crate::core::problem::Problem;
use crate::core::square::coordinates;
use crate::graph::problem::GraphProblem;
use std::io::{self, Write};

/// What a formula encodes: a board's tour problem or a graph file's.
#[derive(Debug, Clone, Copy)]
pub enum Source<'a> {
    /// A tour of a board.
    Board(&'a Problem),
    /// A tour of a graph, and the graph's name.
    Graph(&'a GraphProblem, &'a str),
}

impl Source<'_> {
    /// Writes the header lines that describe the problem.
    pub(crate) fn write_header(&self, out: &mut impl Write) -> io::Result<()> {
        writeln!(out, "c toursat tour problem")?;
        match *self {
            Source::Board(problem) => {
                let board = &problem.board;
                let square_name = |square: Option<u32>| match square {
                    Some(square) => coordinates(board, square),
                    None => "none".to_string(),
                };
                writeln!(
                    out,
                    "c board {} rows x {} cols, {} blocked",
                    board.rows(),
                    board.cols(),
                    board.len() - board.free_count()
                )?;
                for square in (0..board.len() as u32).filter(|&square| !board.is_free(square)) {
                    writeln!(out, "c blocked {}", coordinates(board, square))?;
                }
                writeln!(out, "c piece {}", problem.piece)?;
                writeln!(
                    out,
                    "c tour {}, start {}, end {}",
                    problem.shape,
                    square_name(problem.start),
                    square_name(problem.end)
                )
            }
            Source::Graph(problem, name) => {
                let vertex_name = |vertex: Option<u32>| match vertex {
                    Some(vertex) => (vertex as u64 + 1).to_string(),
                    None => "none".to_string(),
                };
                writeln!(
                    out,
                    "c graph {name}, {} vertices, {} edges",
                    problem.vertex_count,
                    problem.edges.len()
                )?;
                writeln!(
                    out,
                    "c tour {}, start {}, end {}",
                    problem.shape,
                    vertex_name(problem.start),
                    vertex_name(problem.end)
                )
            }
        }
    }

    /// The name of a vertex's square: `x,y` on a board, the vertex's number from 1 in a graph.
    pub fn name(&self, square: u32) -> String {
        match self {
            Source::Board(problem) => coordinates(&problem.board, square),
            Source::Graph(..) => (square as u64 + 1).to_string(),
        }
    }
}
