//! Benchmarks of graph files at scale: shards of a file list, one JSON line a run, and the
//! summary of the merged lines (solved counts at several limits, a cactus plot).
//!
//! A benchmark is split into shards so that many machines run it unchanged: the files are
//! sorted, and shard `i` of `n` takes every `n`-th file from the `i`-th, so every file is in
//! exactly one shard whatever the order they were listed in. Each run writes one line (a
//! [`BenchRecord`]); merging concatenates the lines of every shard and summarises them.

use crate::compare::{Cactus, Cell, Comparison, Report, Run, Status};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::io;
use std::path::PathBuf;
use std::str::FromStr;

/// The time limits, in seconds, at which a summary counts the graphs solved, unless told.
pub const DEFAULT_LIMITS: [f64; 5] = [1.0, 10.0, 60.0, 600.0, 1800.0];

/// One shard of a benchmark: the `index`-th (from 0) of `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, from 0.
    pub index: usize,
    /// How many shards there are.
    pub count: usize,
}

impl FromStr for Shard {
    type Err = String;

    /// Reads `I/N` with `0 <= I < N`.
    fn from_str(text: &str) -> Result<Shard, String> {
        let wrong = || format!("shard {text:?}: write I/N with 0 <= I < N, as 3/10");
        let (index, count) = text.split_once('/').ok_or_else(wrong)?;
        let index: usize = index.trim().parse().map_err(|_| wrong())?;
        let count: usize = count.trim().parse().map_err(|_| wrong())?;
        if index >= count {
            return Err(wrong());
        }
        Ok(Shard { index, count })
    }
}

impl Shard {
    /// The files of this shard: `files` sorted and without repeats, every `count`-th from
    /// the `index`-th.
    pub fn of(&self, mut files: Vec<PathBuf>) -> Vec<PathBuf> {
        files.sort();
        files.dedup();
        files
            .into_iter()
            .skip(self.index)
            .step_by(self.count)
            .collect()
    }
}

/// One run of a benchmark: a graph file, what toursat answered and what it took. Written as
/// one JSON line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BenchRecord {
    /// The graph file, as given.
    pub graph: String,
    /// Its vertices.
    pub vertices: usize,
    /// Its edges.
    pub edges: usize,
    /// `found`, `no tour`, `timeout` or `error`.
    pub answer: String,
    /// Wall-clock seconds of the run (to the kill, for a timeout).
    pub seconds: f64,
    /// The time limit of the run, in seconds.
    pub limit: f64,
    /// The engine that answered (`statistics.engine` of the run's JSON, as `sat:cutset-arcs`),
    /// when the run reported one; absent from the lines of builds before it was recorded.
    #[serde(default)]
    pub engine: Option<String>,
    /// The SAT engine's solve calls, when it reported them.
    pub solve_calls: Option<u64>,
    /// The SAT engine's cut clauses, when it reported them.
    pub cuts: Option<u64>,
    /// The SAT engine's conflicts, when it reported them.
    pub conflicts: Option<u64>,
    /// Whether the tour printed passed the verifier (false when there was none).
    pub verified: bool,
    /// What went wrong, for errors.
    pub note: Option<String>,
}

impl BenchRecord {
    /// Whether the run found a tour that passed the verifier.
    pub fn solved(&self) -> bool {
        self.answer == Status::Found.to_string() && self.verified
    }

    /// Whether the run answered (a verified tour, or a proof that there is none) within
    /// `limit` seconds.
    pub fn answered_within(&self, limit: f64) -> bool {
        let answered = self.solved() || self.answer == Status::NoTour.to_string();
        answered && self.seconds <= limit
    }

    /// The record as one line of JSON (without its newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// The answers a run's line may hold.
const ANSWERS: [Status; 4] = [
    Status::Found,
    Status::NoTour,
    Status::Timeout,
    Status::Error,
];

impl BenchRecord {
    /// Why the record cannot be counted, if it cannot: an answer that is not a run's, or
    /// seconds or a limit that are not a time.
    fn fault(&self) -> Option<String> {
        let is_time = |seconds: f64| seconds.is_finite() && seconds >= 0.0;
        if !ANSWERS
            .iter()
            .any(|answer| answer.to_string() == self.answer)
        {
            let names: Vec<String> = ANSWERS
                .iter()
                .map(|answer| format!("{:?}", answer.to_string()))
                .collect();
            Some(format!(
                "answer {:?} is none of {}",
                self.answer,
                names.join(", ")
            ))
        } else if !is_time(self.seconds) {
            Some(format!(
                "seconds {} is not a time (0 or more)",
                self.seconds
            ))
        } else if !is_time(self.limit) {
            Some(format!("limit {} is not a time (0 or more)", self.limit))
        } else {
            None
        }
    }
}

/// Reads the JSON lines of one benchmark file (blank lines skipped), each with its line number
/// (from 1); a line that is not a record, or one that cannot be counted (an unknown answer,
/// negative seconds), is an error naming `source` and the line.
fn read_numbered_records(source: &str, text: &str) -> Result<Vec<(usize, BenchRecord)>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            let at = || format!("{source}: line {}", index + 1);
            let record: BenchRecord =
                serde_json::from_str(line).map_err(|error| format!("{}: {error}", at()))?;
            match record.fault() {
                Some(fault) => Err(format!("{}: {fault}", at())),
                None => Ok((index + 1, record)),
            }
        })
        .collect()
}

/// Reads the JSON lines of one benchmark file (blank lines skipped); a line that is not a
/// record, or one that cannot be counted (an unknown answer, negative seconds), is an error
/// naming `source` and the line.
pub fn read_records(source: &str, text: &str) -> Result<Vec<BenchRecord>, String> {
    read_numbered_records(source, text)
        .map(|records| records.into_iter().map(|(_, record)| record).collect())
}

/// The records of several benchmark files, each given as its name and its text, in order; a
/// graph run twice (a shard given twice, or two shards that overlap) is an error naming both
/// lines, as it would be counted twice.
pub fn merge_records(files: &[(String, String)]) -> Result<Vec<BenchRecord>, String> {
    let mut first_seen: HashMap<String, (usize, usize)> = HashMap::new();
    let mut records = Vec::new();
    for (file, (source, text)) in files.iter().enumerate() {
        for (line, record) in read_numbered_records(source, text)? {
            if let Some(&(first_file, first_line)) = first_seen.get(&record.graph) {
                return Err(format!(
                    "{source}: line {line}: the graph {} was run already ({}: line \
                     {first_line}); each graph is counted once: give each shard once",
                    record.graph, files[first_file].0
                ));
            }
            first_seen.insert(record.graph.clone(), (file, line));
            records.push(record);
        }
    }
    Ok(records)
}

/// Reads one limit of a summary: seconds above 0.
pub fn parse_limit(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds > 0.0 => Ok(seconds),
        _ => Err(format!(
            "{text:?} is not a limit: give seconds above 0, as 60"
        )),
    }
}

/// What merged benchmark lines add up to.
#[derive(Debug, Clone, PartialEq)]
pub struct BenchSummary {
    /// The runs.
    pub runs: usize,
    /// Runs that answered with a verified tour or a proof, at any time.
    pub answered: usize,
    /// Runs that ended in an error (a wrong tour among them).
    pub errors: usize,
    /// For each limit, the runs answered within it.
    pub answered_within: Vec<(f64, usize)>,
    /// For each limit, the runs stopped unanswered at their own limit below it: they might
    /// have answered within it, so the count answered within it is a lower bound.
    pub cut_short: Vec<(f64, usize)>,
}

/// The summary of `records` at each of `limits` (seconds).
pub fn summarize(records: &[BenchRecord], limits: &[f64]) -> BenchSummary {
    let within = |limit: f64| {
        records
            .iter()
            .filter(|record| record.answered_within(limit))
            .count()
    };
    BenchSummary {
        runs: records.len(),
        answered: within(f64::INFINITY),
        errors: records
            .iter()
            .filter(|record| record.answer == Status::Error.to_string())
            .count(),
        answered_within: limits.iter().map(|&limit| (limit, within(limit))).collect(),
        cut_short: limits
            .iter()
            .map(|&limit| {
                let stopped = records.iter().filter(|record| {
                    record.answer == Status::Timeout.to_string() && record.limit < limit
                });
                (limit, stopped.count())
            })
            .collect(),
    }
}

impl BenchSummary {
    /// The summary as lines of text: the runs, then one line a limit.
    pub fn text(&self) -> String {
        let mut text = format!(
            "runs: {}\nanswered: {}\nerrors: {}\n",
            self.runs, self.answered, self.errors
        );
        for ((limit, count), (_, cut_short)) in self.answered_within.iter().zip(&self.cut_short) {
            text.push_str(&format!("answered within {limit} s: {count}"));
            match cut_short {
                0 => text.push('\n'),
                1 => text.push_str(&format!(
                    " (at least: 1 run was stopped unanswered at a limit below {limit} s)\n"
                )),
                _ => text.push_str(&format!(
                    " (at least: {cut_short} runs were stopped unanswered at limits below {limit} s)\n"
                )),
            }
        }
        text
    }
}

/// Writes the cactus plot of `records` (answered runs sorted by seconds, against how many) as
/// SVG, the time axis up to the longest limit of a run.
pub fn write_cactus(records: &[BenchRecord], out: &mut dyn io::Write) -> io::Result<()> {
    let status = |record: &BenchRecord| {
        if record.answered_within(f64::INFINITY) {
            Status::Found
        } else {
            Status::Timeout
        }
    };
    let comparison = Comparison {
        boards: records.iter().map(|record| record.graph.clone()).collect(),
        engines: vec!["toursat".to_string()],
        timeout: records
            .iter()
            .map(|record| record.limit)
            .fold(1.0, f64::max),
        runs: 1,
        cells: records
            .iter()
            .map(|record| {
                vec![Cell {
                    runs: vec![Run {
                        status: status(record),
                        seconds: record.seconds,
                        peak_kib: 0,
                        note: None,
                    }],
                }]
            })
            .collect(),
    };
    Cactus.write(&comparison, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(graph: &str, answer: &str, seconds: f64, verified: bool) -> BenchRecord {
        BenchRecord {
            graph: graph.to_string(),
            vertices: 4,
            edges: 4,
            answer: answer.to_string(),
            seconds,
            limit: 10.0,
            engine: Some("sat:cutset".to_string()),
            solve_calls: Some(1),
            cuts: Some(0),
            conflicts: Some(0),
            verified,
            note: None,
        }
    }

    #[test]
    fn reads_a_shard_and_refuses_one_out_of_range() {
        assert_eq!("2/5".parse(), Ok(Shard { index: 2, count: 5 }));
        for wrong in ["5/5", "1", "a/2", "1/0"] {
            assert!(wrong.parse::<Shard>().is_err(), "{wrong}");
        }
    }

    #[test]
    fn a_line_keeps_its_engine_and_an_older_line_without_one_still_reads() {
        let line = record("a.hcp", "found", 0.5, true).to_line();
        assert!(line.contains(r#""engine":"sat:cutset""#), "{line}");
        let older = r#"{"graph":"b.hcp","vertices":4,"edges":4,"answer":"found","seconds":0.5,"limit":10.0,"solve_calls":1,"cuts":0,"conflicts":0,"verified":true,"note":null}"#;
        let records = read_records("runs", &format!("{line}\n{older}\n")).unwrap();
        assert_eq!(records[0].engine.as_deref(), Some("sat:cutset"));
        assert_eq!(records[1].engine, None);
        assert_eq!(records[1].graph, "b.hcp");
    }

    #[test]
    fn every_file_is_in_exactly_one_shard_whatever_the_order() {
        let files: Vec<PathBuf> = (0..11).map(|i| PathBuf::from(format!("g{i:02}"))).collect();
        let mut reversed = files.clone();
        reversed.reverse();
        let mut seen: Vec<PathBuf> = (0..3)
            .flat_map(|index| Shard { index, count: 3 }.of(reversed.clone()))
            .collect();
        assert_eq!(Shard { index: 1, count: 3 }.of(files.clone())[0], files[1]);
        seen.sort();
        assert_eq!(seen, files);
    }

    #[test]
    fn counts_verified_answers_within_each_limit() {
        let records = [
            record("a", "found", 0.5, true),
            record("b", "found", 5.0, true),
            record("c", "timeout", 10.1, false),
            record("d", "found", 0.2, false),
            record("e", "error", 0.1, false),
        ];
        let summary = summarize(&records, &[1.0, 10.0]);
        assert_eq!(summary.answered_within, [(1.0, 1), (10.0, 2)]);
        assert_eq!((summary.runs, summary.answered, summary.errors), (5, 2, 1));
    }

    #[test]
    fn a_limit_above_a_timed_out_runs_own_is_counted_as_a_lower_bound() {
        // The runs were limited to 10 s (see `record`): the timeout might have answered
        // within 60 s, but not within 5 s.
        let records = [
            record("a", "found", 0.5, true),
            record("c", "timeout", 10.1, false),
        ];
        let summary = summarize(&records, &[5.0, 10.0, 60.0]);
        assert_eq!(summary.cut_short, [(5.0, 0), (10.0, 0), (60.0, 1)]);
        assert_eq!(
            summary.text(),
            "runs: 2\nanswered: 1\nerrors: 0\nanswered within 5 s: 1\n\
             answered within 10 s: 1\nanswered within 60 s: 1 (at least: 1 run was stopped \
             unanswered at a limit below 60 s)\n"
        );
    }

    #[test]
    fn a_line_that_cannot_be_counted_is_refused_naming_it() {
        let line = |record: BenchRecord| format!("\n{}\n", record.to_line());
        let negative = line(record("a", "found", -5.0, true));
        assert_eq!(
            read_records("s.jsonl", &negative).unwrap_err(),
            "s.jsonl: line 2: seconds -5 is not a time (0 or more)"
        );
        let weird = line(record("a", "weird", 1.0, false));
        assert_eq!(
            read_records("s.jsonl", &weird).unwrap_err(),
            "s.jsonl: line 2: answer \"weird\" is none of \"found\", \"no tour\", \"timeout\", \
             \"error\""
        );
    }

    #[test]
    fn a_graph_in_two_shards_is_refused_naming_both_lines() {
        let lines = |graphs: &[&str]| -> String {
            graphs
                .iter()
                .map(|graph| format!("{}\n", record(graph, "found", 1.0, true).to_line()))
                .collect()
        };
        let shards = [
            ("s0".to_string(), lines(&["a", "b"])),
            ("s1".to_string(), lines(&["c"])),
        ];
        assert_eq!(merge_records(&shards).unwrap().len(), 3);
        let repeated = [shards[0].clone(), shards[1].clone(), shards[0].clone()];
        assert_eq!(
            merge_records(&repeated).unwrap_err(),
            "s0: line 1: the graph a was run already (s0: line 1); each graph is counted once: \
             give each shard once"
        );
    }

    #[test]
    fn a_limit_is_seconds_above_0() {
        assert_eq!(parse_limit("1.5"), Ok(1.5));
        for wrong in ["nan", "inf", "-1", "0", "ten"] {
            assert!(parse_limit(wrong).is_err(), "{wrong}");
        }
    }

    #[test]
    fn a_record_reads_back_from_its_line() {
        let written = record("a.col", "found", 0.5, true);
        let read = read_records("x", &format!("{}\n\n", written.to_line())).unwrap();
        assert_eq!(read, [written]);
        assert_eq!(
            read_records("x.jsonl", "{}\n").unwrap_err(),
            "x.jsonl: line 1: missing field `graph` at line 1 column 2"
        );
    }
}
