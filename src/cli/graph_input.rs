//! Graph files on the command line: `--graph FILE` read into a graph problem, its notes printed.

use super::args::{read_input, ProblemArgs};
use super::error::{input_name, CliError};
use std::path::Path;
use toursat::graph::file::{read_graph, read_graph_as, GraphSyntax};
use toursat::graph::problem::GraphProblem;
use toursat::TourShape;

/// The most bytes a graph file may hold: a line an edge, at most about 40 bytes each, for
/// graphs of tens of millions of edges.
const GRAPH_FILE_BYTES: u64 = 1 << 31;

/// A graph problem read from `--graph`, and the name its answers carry.
pub struct GraphInput {
    /// The problem, vertices 0-based.
    pub problem: GraphProblem,
    /// The graph's `NAME`, or the file's stem.
    pub name: String,
}

impl ProblemArgs {
    /// The graph problem of `--graph`, if given (see [`read_graph_problem`]).
    pub fn graph_problem(&self) -> Result<Option<GraphInput>, CliError> {
        let Some(path) = &self.graph else {
            return Ok(None);
        };
        let ends = [self.start.as_deref(), self.end.as_deref()];
        read_graph_problem(path, self.graph_format, self.tour, ends).map(Some)
    }
}

/// The graph problem of the graph file at `path` (its notes printed to stderr as `toursat:
/// note: ...`), read in `syntax` or the one detected, with the tour's shape and its `[start,
/// end]` options (vertex numbers from 1).
pub fn read_graph_problem(
    path: &Path,
    syntax: Option<GraphSyntax>,
    shape: TourShape,
    [start, end]: [Option<&str>; 2],
) -> Result<GraphInput, CliError> {
    let text = read_input(path, GRAPH_FILE_BYTES, "a graph file")?;
    let file = match syntax {
        Some(syntax) => read_graph_as(&text, syntax),
        None => read_graph(&text),
    }
    .map_err(|error| CliError::in_file(path, error))?;
    for note in &file.notes {
        eprintln!("toursat: note: {}: {note}", input_name(path));
    }
    let vertex = |option: &str, text: Option<&str>| {
        text.map(|text| parse_vertex(option, text, file.vertex_count))
            .transpose()
    };
    let start = vertex("--start", start)?;
    let end = vertex("--end", end)?;
    let name = file.name.clone().unwrap_or_else(|| file_stem(path));
    let mut problem = GraphProblem::new(file.vertex_count, file.edges, shape);
    problem.start = start;
    problem.end = end;
    Ok(GraphInput { problem, name })
}

/// A vertex option: a number from 1 to `vertex_count`, returned 0-based.
fn parse_vertex(option: &str, text: &str, vertex_count: usize) -> Result<u32, CliError> {
    let out_of_range = || {
        CliError::input(format!(
            "{option}: {text:?} is not a vertex of the graph: give a number from 1 to \
             {vertex_count}"
        ))
    };
    let number: u64 = text.trim().parse().map_err(|_| out_of_range())?;
    if number == 0 || number > vertex_count as u64 {
        return Err(out_of_range());
    }
    Ok((number - 1) as u32)
}

/// The name of a graph without a `NAME`: its file's stem, `stdin` for `-`.
fn file_stem(path: &Path) -> String {
    if path == Path::new("-") {
        return "stdin".to_string();
    }
    path.file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_else(|| "graph".to_string())
}

/// Refuses `--graph` in a command that takes boards only.
pub fn boards_only(args: &ProblemArgs, command: &str) -> Result<(), CliError> {
    match args.graph {
        Some(_) => Err(CliError::input(format!(
            "{command} takes boards only, not --graph"
        ))),
        None => Ok(()),
    }
}
