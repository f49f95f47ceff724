//! Engines compared on boards: the runs, their summaries and disagreements, and the reports.

mod csv;
mod json;
mod markdown;
mod svg;
mod table;

pub use csv::Csv;
pub use json::Json;
pub use markdown::Markdown;
pub use svg::Cactus;
pub use table::Table;

use crate::core::names::{named, Named};
use crate::core::problem::Problem;
use crate::engine::sat::{Encoding, SatOptions};
use crate::engine::EngineChoice;
use crate::graph::problem::GraphProblem;
use std::io::{self, Write};
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// How a SAT engine is named in `compare`.
const SAT_ENGINE: &str = "sat[:ENCODING][:no-merge][:no-warm-start][:no-complete]";

/// The engine a name of `toursat compare` stands for: `dfs`, `auto`, `construct`, or
/// `sat[:ENCODING][:no-merge][:no-warm-start][:no-complete]`.
pub fn engine_choice(name: &str) -> Result<EngineChoice, String> {
    let unknown = || format!("unknown engine {name:?}: use dfs, auto, construct or {SAT_ENGINE}");
    let parts: Vec<&str> = name.split(':').collect();
    let choice = match parts.as_slice() {
        ["sat", rest @ ..] => {
            let mut options = SatOptions::default();
            let mut rest = rest;
            while let [others @ .., last @ ("no-merge" | "no-warm-start" | "no-complete")] = rest {
                match *last {
                    "no-merge" => options.merge = false,
                    "no-warm-start" => options.warm_start = false,
                    _ => options.complete_after = None,
                }
                rest = others;
            }
            options.encoding = match rest {
                [] => Encoding::default(),
                [encoding] => Encoding::from_str(encoding)
                    .map_err(|error| format!("engine {name:?}: {error}"))?,
                _ => return Err(format!("engine {name:?}: write {SAT_ENGINE}")),
            };
            EngineChoice::Sat(options)
        }
        [engine] => EngineChoice::from_name(engine).map_err(|_| unknown())?,
        _ => return Err(unknown()),
    };
    Ok(choice)
}

/// Something `compare` races on the boards: an engine run in a child process, say.
pub trait Contender: Sync {
    /// The name the reports give it.
    fn name(&self) -> &str;
    /// One run on `board`, its answer checked.
    fn run(&self, board: &BoardEntry) -> Run;
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// A tour was found and verified.
    Found,
    /// The engine proved that no tour exists.
    NoTour,
    /// The time limit passed first.
    Timeout,
    /// The child failed, or its answer was wrong.
    Error,
    /// The engine cannot take this problem (`construct` on a board with blocked squares, say):
    /// not run, and left out of the engine's summary.
    NotApplicable,
}

impl Status {
    /// Whether the run answered.
    pub fn is_answer(&self) -> bool {
        matches!(self, Status::Found | Status::NoTour)
    }
}

named!(Status, "status", {
    Found => "found",
    NoTour => "no tour",
    Timeout => "timeout",
    Error => "error",
    NotApplicable => "n/a",
});

/// One run of one engine on one board.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// How it ended.
    pub status: Status,
    /// Wall-clock seconds from start to exit (or to the kill at the time limit).
    pub seconds: f64,
    /// Peak resident memory of the child, in KiB.
    pub peak_kib: u64,
    /// What went wrong, for errors.
    pub note: Option<String>,
}

/// The runs of one engine on one board.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Cell {
    /// The runs, in order; runs after a timeout are skipped.
    pub runs: Vec<Run>,
}

impl Cell {
    /// The cell's status: error if any run failed, else an answer if any run answered, else
    /// timeout (or not applicable, when the engine cannot take the problem).
    pub fn status(&self) -> Status {
        self.runs
            .iter()
            .map(|run| run.status)
            .max_by_key(|status| match status {
                Status::Error => 3,
                Status::Found | Status::NoTour => 2,
                Status::Timeout => 1,
                Status::NotApplicable => 0,
            })
            .unwrap_or(Status::Timeout)
    }

    /// The median wall-clock seconds over the runs (a timeout counts as its time).
    pub fn median_seconds(&self) -> f64 {
        median(self.runs.iter().map(|run| run.seconds).collect()).unwrap_or(0.0)
    }

    /// The highest peak memory over the runs, in KiB.
    pub fn peak_kib(&self) -> u64 {
        self.runs.iter().map(|run| run.peak_kib).max().unwrap_or(0)
    }
}

/// The median of some numbers (the mean of the middle two for an even count).
pub fn median(mut values: Vec<f64>) -> Option<f64> {
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    match values.len() {
        0 => None,
        length if length % 2 == 1 => Some(values[middle]),
        _ => Some((values[middle - 1] + values[middle]) / 2.0),
    }
}

/// What a compared file poses: a board's tour problem or a graph file's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Instance {
    /// A tour of a board (a board file, with the piece and shape given).
    Board(Problem),
    /// A Hamiltonian cycle or path of a graph file.
    Graph(GraphProblem),
}

/// A board (or graph file) to compare on.
#[derive(Debug, Clone)]
pub struct BoardEntry {
    /// Its name in reports (the file name).
    pub name: String,
    /// Its file (a child-process contender reads the board or graph from it).
    pub path: PathBuf,
    /// The problem it poses, to verify tours against.
    pub problem: Instance,
}

/// Everything a comparison found: a cell for each board and engine.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// Board names, in order.
    pub boards: Vec<String>,
    /// Engine names, in order.
    pub engines: Vec<String>,
    /// The time limit of a run, in seconds.
    pub timeout: f64,
    /// Runs asked for each board and engine.
    pub runs: usize,
    /// `cells[board][engine]`.
    pub cells: Vec<Vec<Cell>>,
}

/// What one engine achieved over all boards.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineSummary {
    /// The engine.
    pub engine: String,
    /// Boards it answered (found a tour or proved there is none).
    pub solved: usize,
    /// Boards it can take (those where it is not [`Status::NotApplicable`]).
    pub applicable: usize,
    /// Over the boards it can take and some engine answered: the median of this engine's
    /// median seconds divided by the fastest engine's (an unanswered board counts at the time
    /// limit); `None` when it answered no board.
    pub median_ratio: Option<f64>,
}

/// A board on which engines contradict each other.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    /// The board.
    pub board: String,
    /// Engines that found a tour.
    pub found_by: Vec<String>,
    /// Engines that proved there is none.
    pub no_tour_by: Vec<String>,
}

impl Comparison {
    /// The summary of each engine, in order.
    pub fn summaries(&self) -> Vec<EngineSummary> {
        let fastest: Vec<Option<f64>> = self
            .cells
            .iter()
            .map(|row| {
                row.iter()
                    .filter(|cell| cell.status().is_answer())
                    .map(|cell| cell.median_seconds().max(1e-6))
                    .min_by(f64::total_cmp)
            })
            .collect();
        self.engines
            .iter()
            .enumerate()
            .map(|(engine, name)| {
                let applies = |row: &&Vec<Cell>| row[engine].status() != Status::NotApplicable;
                let solved = self
                    .cells
                    .iter()
                    .filter(|row| row[engine].status().is_answer())
                    .count();
                let ratios = self
                    .cells
                    .iter()
                    .zip(&fastest)
                    .filter(|(row, _)| applies(row))
                    .filter_map(|(row, fastest)| {
                        let cell = &row[engine];
                        let seconds = if cell.status().is_answer() {
                            cell.median_seconds().max(1e-6)
                        } else {
                            self.timeout.max(cell.median_seconds())
                        };
                        fastest.map(|fastest| seconds / fastest)
                    })
                    .collect();
                EngineSummary {
                    engine: name.clone(),
                    solved,
                    applicable: self.cells.iter().filter(applies).count(),
                    median_ratio: median(ratios).filter(|_| solved > 0),
                }
            })
            .collect()
    }

    /// The boards on which one engine found a tour and another proved there is none.
    pub fn disagreements(&self) -> Vec<Disagreement> {
        let with = |row: &[Cell], status| -> Vec<String> {
            row.iter()
                .zip(&self.engines)
                .filter(|(cell, _)| cell.runs.iter().any(|run| run.status == status))
                .map(|(_, engine)| engine.clone())
                .collect()
        };
        self.cells
            .iter()
            .zip(&self.boards)
            .filter_map(|(row, board)| {
                let found_by = with(row, Status::Found);
                let no_tour_by = with(row, Status::NoTour);
                (!found_by.is_empty() && !no_tour_by.is_empty()).then(|| Disagreement {
                    board: board.clone(),
                    found_by,
                    no_tour_by,
                })
            })
            .collect()
    }

    /// Every failed run: board, engine and what went wrong.
    pub fn errors(&self) -> Vec<(String, String, String)> {
        let mut errors = Vec::new();
        for (row, board) in self.cells.iter().zip(&self.boards) {
            for (cell, engine) in row.iter().zip(&self.engines) {
                for run in cell.runs.iter().filter(|run| run.status == Status::Error) {
                    let note = run.note.clone().unwrap_or_else(|| "failed".to_string());
                    errors.push((board.clone(), engine.clone(), note));
                }
            }
        }
        errors
    }
}

/// What [`compare`] tells its caller as it goes, for a progress line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunEvent<'a> {
    /// A run of `engine` on `board` starts.
    Started {
        /// The board's name.
        board: &'a str,
        /// The engine's name.
        engine: &'a str,
    },
    /// A run ended.
    Finished,
}

/// Runs every engine `runs` times on every board, `jobs` runs at once, and calls `progress`
/// as each run starts and ends. The runs of one board and engine are in sequence; after a
/// timeout the rest are skipped. `timeout` is the time limit the engines run under, for the
/// reports.
pub fn compare(
    boards: &[BoardEntry],
    engines: &[&dyn Contender],
    runs: usize,
    jobs: usize,
    timeout: f64,
    progress: &(dyn Fn(RunEvent) + Sync),
) -> Comparison {
    let cell_count = boards.len() * engines.len();
    let cells: Vec<Mutex<Cell>> = (0..cell_count).map(|_| Mutex::default()).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, cell_count.max(1)) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= cell_count {
                    break;
                }
                let (board, engine) = (
                    &boards[index / engines.len()],
                    &engines[index % engines.len()],
                );
                let mut cell = Cell::default();
                for _ in 0..runs {
                    progress(RunEvent::Started {
                        board: &board.name,
                        engine: engine.name(),
                    });
                    let run = engine.run(board);
                    let once = matches!(run.status, Status::Timeout | Status::NotApplicable);
                    cell.runs.push(run);
                    progress(RunEvent::Finished);
                    if once {
                        break;
                    }
                }
                if let Ok(mut slot) = cells[index].lock() {
                    *slot = cell;
                }
            });
        }
    });
    let mut cells = cells
        .into_iter()
        .map(|cell| cell.into_inner().unwrap_or_default());
    Comparison {
        boards: boards.iter().map(|board| board.name.clone()).collect(),
        engines: engines
            .iter()
            .map(|engine| engine.name().to_string())
            .collect(),
        timeout,
        runs,
        cells: boards
            .iter()
            .map(|_| cells.by_ref().take(engines.len()).collect())
            .collect(),
    }
}

/// A way of writing a comparison.
pub trait Report {
    /// Writes `comparison` to `out`.
    fn write(&self, comparison: &Comparison, out: &mut dyn Write) -> io::Result<()>;
}

/// The names of the reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportFormat {
    /// Aligned plain-text tables: [`Table`].
    Table,
    /// Markdown pipe tables: [`Markdown`].
    Markdown,
    /// A row for each board and engine: [`Csv`].
    Csv,
    /// One JSON object with every run: [`Json`].
    Json,
}

impl ReportFormat {
    /// The report itself.
    pub fn report(&self) -> Box<dyn Report> {
        match self {
            ReportFormat::Table => Box::new(Table),
            ReportFormat::Markdown => Box::new(Markdown),
            ReportFormat::Csv => Box::new(Csv),
            ReportFormat::Json => Box::new(Json),
        }
    }
}

named!(ReportFormat, "report format", {
    Table => "table", "Aligned plain-text tables",
    Markdown => "markdown", "Markdown pipe tables",
    Csv => "csv", "A row for each board and engine",
    Json => "json", "One JSON object with every run",
});

/// Seconds for reports: three significant digits.
pub fn seconds_text(seconds: f64) -> String {
    if seconds >= 100.0 {
        format!("{seconds:.0}")
    } else if seconds >= 10.0 {
        format!("{seconds:.1}")
    } else if seconds >= 1.0 {
        format!("{seconds:.2}")
    } else {
        format!("{seconds:.3}")
    }
}

/// Memory for reports: MiB with one decimal.
pub fn memory_text(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// A cell in words for the tables: status, median seconds and peak memory.
pub fn cell_text(cell: &Cell) -> String {
    match cell.status() {
        Status::Timeout => "timeout".to_string(),
        Status::Error => "ERROR".to_string(),
        Status::NotApplicable => "n/a".to_string(),
        status => format!(
            "{status} {} s, {}",
            seconds_text(cell.median_seconds()),
            memory_text(cell.peak_kib())
        ),
    }
}

/// The median ratio in words.
pub fn ratio_text(ratio: Option<f64>) -> String {
    ratio.map_or("-".to_string(), |ratio| format!("{ratio:.2}"))
}

/// The board table as text: a header (`board`, then each engine) and a row a board.
pub fn board_rows(comparison: &Comparison) -> (Vec<String>, Vec<Vec<String>>) {
    let header = std::iter::once("board".to_string())
        .chain(comparison.engines.iter().cloned())
        .collect();
    let rows = comparison
        .boards
        .iter()
        .zip(&comparison.cells)
        .map(|(board, row)| {
            std::iter::once(board.clone())
                .chain(row.iter().map(cell_text))
                .collect()
        })
        .collect();
    (header, rows)
}

/// The engine table as text: a header and a row an engine (solved of the boards it can take,
/// median ratio).
pub fn summary_rows(comparison: &Comparison) -> (Vec<String>, Vec<Vec<String>>) {
    let header = ["engine", "solved", "median ratio to fastest"]
        .map(String::from)
        .to_vec();
    let rows = comparison
        .summaries()
        .into_iter()
        .map(|summary| {
            vec![
                summary.engine,
                format!("{}/{}", summary.solved, summary.applicable),
                ratio_text(summary.median_ratio),
            ]
        })
        .collect();
    (header, rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(status: Status, seconds: f64) -> Cell {
        Cell {
            runs: vec![Run {
                status,
                seconds,
                peak_kib: 1024,
                note: None,
            }],
        }
    }

    /// Two boards, two engines: `fast` answers both, `slow` one at four times the time.
    fn comparison() -> Comparison {
        Comparison {
            boards: vec!["a".into(), "b".into()],
            engines: vec!["fast".into(), "slow".into()],
            timeout: 10.0,
            runs: 1,
            cells: vec![
                vec![cell(Status::Found, 0.5), cell(Status::Found, 2.0)],
                vec![cell(Status::NoTour, 1.0), cell(Status::Timeout, 10.0)],
            ],
        }
    }

    #[test]
    fn median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(median(vec![4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(vec![]), None);
    }

    #[test]
    fn summaries_count_answers_and_ratios_to_the_fastest() {
        let summaries = comparison().summaries();
        assert_eq!(summaries[0].solved, 2);
        assert_eq!(summaries[0].median_ratio, Some(1.0));
        assert_eq!(summaries[1].solved, 1);
        assert_eq!(summaries[1].median_ratio, Some(7.0));
    }

    #[test]
    fn an_engine_that_answered_nothing_has_no_ratio() {
        let mut comparison = comparison();
        comparison.cells[0][1] = cell(Status::Timeout, 10.0);
        let summaries = comparison.summaries();
        assert_eq!(summaries[1].solved, 0);
        assert_eq!(summaries[1].median_ratio, None);
    }

    #[test]
    fn boards_an_engine_cannot_take_are_left_out_of_its_summary() {
        let mut comparison = comparison();
        comparison.cells[1][1] = cell(Status::NotApplicable, 0.0);
        let summaries = comparison.summaries();
        assert_eq!((summaries[1].solved, summaries[1].applicable), (1, 1));
        assert_eq!(summaries[1].median_ratio, Some(4.0));
        assert!(comparison.errors().is_empty());
        let (_, rows) = summary_rows(&comparison);
        assert_eq!(rows[1], ["slow", "1/1", "4.00"]);
        let (_, rows) = board_rows(&comparison);
        assert_eq!(rows[1][2], "n/a");
    }

    #[test]
    fn found_against_no_tour_is_a_disagreement() {
        let mut comparison = comparison();
        assert!(comparison.disagreements().is_empty());
        comparison.cells[1][1] = cell(Status::Found, 3.0);
        assert_eq!(
            comparison.disagreements(),
            [Disagreement {
                board: "b".into(),
                found_by: vec!["slow".into()],
                no_tour_by: vec!["fast".into()],
            }]
        );
    }

    /// A contender that notes each run it makes in `log`.
    struct Noting<'a> {
        log: &'a Mutex<Vec<String>>,
    }

    impl Contender for Noting<'_> {
        fn name(&self) -> &str {
            "noting"
        }

        fn run(&self, board: &BoardEntry) -> Run {
            self.log
                .lock()
                .unwrap()
                .push(format!("run on {}", board.name));
            Run {
                status: Status::Found,
                seconds: 0.0,
                peak_kib: 0,
                note: None,
            }
        }
    }

    #[test]
    fn progress_names_a_run_before_it_runs() {
        let log = Mutex::new(Vec::new());
        let problem = Problem::new(
            crate::core::board::Board::new(2, 2).unwrap(),
            crate::core::piece::Piece::Rook,
            crate::core::problem::TourShape::Closed,
        );
        let boards = ["a", "b"].map(|name| BoardEntry {
            name: name.to_string(),
            path: PathBuf::from(name),
            problem: Instance::Board(problem.clone()),
        });
        let noting = Noting { log: &log };
        let progress = |event: RunEvent| {
            let line = match event {
                RunEvent::Started { board, engine } => format!("started {engine} on {board}"),
                RunEvent::Finished => "finished".to_string(),
            };
            log.lock().unwrap().push(line);
        };
        compare(&boards, &[&noting], 1, 1, 1.0, &progress);
        assert_eq!(
            log.into_inner().unwrap(),
            [
                "started noting on a",
                "run on a",
                "finished",
                "started noting on b",
                "run on b",
                "finished"
            ]
        );
    }

    #[test]
    fn engine_names_become_engine_choices() {
        assert_eq!(
            engine_choice("sat:position:no-merge").unwrap(),
            EngineChoice::Sat(SatOptions {
                encoding: Encoding::Position,
                merge: false,
                ..SatOptions::default()
            })
        );
        assert_eq!(engine_choice("dfs").unwrap(), EngineChoice::Dfs);
        assert!(engine_choice("sat:unary").is_err());
        assert!(engine_choice("test:sleep").is_err());
    }

    #[test]
    fn table_writes_aligned_columns() {
        let mut out = Vec::new();
        Table.write(&comparison(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "board  fast                     slow");
        assert_eq!(
            lines[1],
            "a      found 0.500 s, 1.0 MiB   found 2.00 s, 1.0 MiB"
        );
        assert_eq!(lines[2], "b      no tour 1.00 s, 1.0 MiB  timeout");
    }
}
