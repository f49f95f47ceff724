//! Writing the answers of graph problems: vertex lists, TSPLIB tours and JSON, with the
//! arguments of no tour in the words of graphs (vertices and edges, numbered from 1).

use super::json::{write_document, StatsJson, JSON_VERSION};
use super::reason::kind;
use super::reason::{explain_graph, explain_stop, named_vertices, numbered};
use super::{FormatError, JsonAnswer};
use crate::core::names::named;
use crate::core::tour::Tour;
use crate::engine::{Answer, Solution, Stats};
use crate::graph::file::{read_graph_tour, write_tsplib_tour, write_vertices, GraphFileError};
use crate::graph::problem::GraphProblem;
use std::io::Write;

/// The output formats of graph tours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphFormat {
    /// The 1-based vertex numbers in tour order, one a line.
    Vertices,
    /// A TSPLIB `TOUR` file.
    Tsplib,
    /// One JSON object: the graph's sizes, the answer, the tour, statistics (docs/json.md).
    Json,
}

named!(GraphFormat, "graph format", {
    Vertices => "vertices", "With --graph: the vertex numbers in tour order, one a line",
    Tsplib => "tsplib", "With --graph: a TSPLIB TOUR file",
    Json => "json",
        "One JSON object: the graph's sizes, the answer, the tour, statistics (docs/json.md)",
});

impl GraphFormat {
    /// Writes `tour`, a tour of the graph named `name`.
    pub fn write_tour(
        &self,
        problem: &GraphProblem,
        name: &str,
        tour: &Tour,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        match self {
            GraphFormat::Vertices => out.write_all(write_vertices(tour.squares()).as_bytes())?,
            GraphFormat::Tsplib => {
                out.write_all(write_tsplib_tour(name, tour.squares()).as_bytes())?
            }
            GraphFormat::Json => write_document(
                &GraphDocument::new(problem, name, JsonAnswer::Found, None, Some(tour), None),
                out,
            )?,
        }
        Ok(())
    }

    /// Writes a solution: the tour when one was found; when none exists, a line `no tour:
    /// REASON` (the JSON document for JSON); when the engine stopped, nothing (JSON: the
    /// document, answer `stopped`).
    pub fn write_solution(
        &self,
        problem: &GraphProblem,
        name: &str,
        solution: &Solution,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        let stats = Some(&solution.stats);
        match (self, &solution.answer) {
            (GraphFormat::Json, Answer::Found(tour)) => write_document(
                &GraphDocument::new(problem, name, JsonAnswer::Found, None, Some(tour), stats),
                out,
            ),
            (GraphFormat::Json, Answer::NoTour(why)) => write_document(
                &GraphDocument {
                    why: Some(GraphReason {
                        kind: kind(why),
                        vertices: named_vertices(why),
                        text: explain_graph(why),
                    }),
                    ..GraphDocument::new(
                        problem,
                        name,
                        JsonAnswer::NoTour,
                        Some(explain_graph(why)),
                        None,
                        stats,
                    )
                },
                out,
            ),
            (GraphFormat::Json, Answer::Stopped(stop)) => write_document(
                &GraphDocument::new(
                    problem,
                    name,
                    JsonAnswer::Stopped,
                    Some(explain_stop(*stop, None)),
                    None,
                    stats,
                ),
                out,
            ),
            (_, Answer::Found(tour)) => self.write_tour(problem, name, tour, out),
            (_, Answer::NoTour(why)) => {
                writeln!(out, "no tour: {}", explain_graph(why))?;
                Ok(())
            }
            (_, Answer::Stopped(_)) => Ok(()),
        }
    }
}

/// The JSON object of a graph answer (docs/json.md, "Graphs").
#[derive(serde::Serialize)]
struct GraphDocument<'a> {
    version: u32,
    problem: GraphJson<'a>,
    answer: &'static str,
    reason: Option<String>,
    why: Option<GraphReason>,
    tour: Option<Vec<u64>>,
    statistics: Option<StatsJson<'a>>,
}

/// The graph problem's description.
#[derive(serde::Serialize)]
struct GraphJson<'a> {
    graph: &'a str,
    vertices: usize,
    edges: usize,
    tour: String,
    start: Option<u64>,
    end: Option<u64>,
}

/// Why a graph has no tour, as data.
#[derive(serde::Serialize)]
struct GraphReason {
    kind: &'static str,
    vertices: Vec<u64>,
    text: String,
}

impl<'a> GraphDocument<'a> {
    fn new(
        problem: &GraphProblem,
        name: &'a str,
        answer: JsonAnswer,
        reason: Option<String>,
        tour: Option<&Tour>,
        stats: Option<&'a Stats>,
    ) -> GraphDocument<'a> {
        GraphDocument {
            version: JSON_VERSION,
            problem: GraphJson {
                graph: name,
                vertices: problem.vertex_count,
                edges: problem.edges.len(),
                tour: problem.shape.to_string(),
                start: problem.start.map(numbered),
                end: problem.end.map(numbered),
            },
            answer: answer.as_str(),
            reason,
            why: None,
            tour: tour.map(|tour| tour.squares().iter().map(|&v| numbered(v)).collect()),
            statistics: stats.map(StatsJson::of),
        }
    }
}

/// Writes the JSON document of a verdict on a tour read (`valid` or `invalid`, with `reason`).
pub fn write_graph_verdict(
    problem: &GraphProblem,
    name: &str,
    answer: JsonAnswer,
    reason: Option<String>,
    tour: Option<&Tour>,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    write_document(
        &GraphDocument::new(problem, name, answer, reason, tour, None),
        out,
    )?;
    Ok(())
}

/// Why a graph tour file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GraphTourReadError {
    /// A vertex list or TSPLIB file that is not well formed, or that names a vertex outside
    /// the graph (its field `outside_graph`), with its line.
    Syntax(GraphFileError),
    /// Text that opens as JSON but is not a JSON document.
    JsonSyntax(String),
    /// A JSON document that is not one of toursat's, or whose answer is not `found`.
    Json(String),
}

impl GraphTourReadError {
    /// Whether the text is not a tour at all (as opposed to a readable tour that is wrong for
    /// this graph, such as one naming a vertex it does not have).
    pub fn is_syntax_error(&self) -> bool {
        match self {
            GraphTourReadError::Syntax(error) => !error.outside_graph,
            GraphTourReadError::JsonSyntax(_) => true,
            GraphTourReadError::Json(_) => false,
        }
    }
}

impl std::fmt::Display for GraphTourReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GraphTourReadError::Syntax(error) => error.fmt(f),
            GraphTourReadError::JsonSyntax(why) | GraphTourReadError::Json(why) => {
                write!(f, "JSON: {why}")
            }
        }
    }
}

impl std::error::Error for GraphTourReadError {}

/// Reads a tour of a graph over `0..vertex_count` in any format [`GraphFormat`] writes: a JSON
/// document (its `tour`, when its answer is `found`), a TSPLIB tour or a vertex list.
pub fn read_graph_answer(text: &str, vertex_count: usize) -> Result<Tour, GraphTourReadError> {
    if !text.trim_start().starts_with('{') {
        return read_graph_tour(text, vertex_count)
            .map(Tour::new)
            .map_err(GraphTourReadError::Syntax);
    }
    let json = |why: &str| GraphTourReadError::Json(why.to_string());
    let document: serde_json::Value = serde_json::from_str(text)
        .map_err(|error| GraphTourReadError::JsonSyntax(error.to_string()))?;
    let answer = document.get("answer").and_then(|answer| answer.as_str());
    if answer != Some("found") {
        return Err(json(&format!(
            "the document's answer is {}, not \"found\": it holds no tour",
            answer.map_or_else(|| "missing".to_string(), |answer| format!("{answer:?}"))
        )));
    }
    let tour = document.get("tour").unwrap_or(&serde_json::Value::Null);
    tour_of_json(tour, vertex_count).map_err(GraphTourReadError::Json)
}

/// The tour of a JSON document's `tour` field: a list of vertex numbers from 1 to
/// `vertex_count`, returned 0-based; why not, in words.
pub fn tour_of_json(tour: &serde_json::Value, vertex_count: usize) -> Result<Tour, String> {
    let numbers = tour
        .as_array()
        .ok_or("\"tour\" is not a list of vertex numbers")?;
    let mut vertices = Vec::with_capacity(numbers.len());
    for (index, number) in numbers.iter().enumerate() {
        let vertex = number
            .as_u64()
            .filter(|&vertex| (1..=vertex_count as u64).contains(&vertex))
            .ok_or_else(|| {
                format!(
                    "tour entry {} is {number}, not a vertex number from 1 to {vertex_count}",
                    index + 1
                )
            })?;
        vertices.push((vertex - 1) as u32);
    }
    Ok(Tour::new(vertices))
}
