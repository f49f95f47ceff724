//! The reasoning solver's steps for people: each in one sentence naming the cells as square
//! names (A1 is the top left cell), the state drawn in text and SVG, the path as JSON.
//!
//! In text the board is drawn at twice its size, as the backbone is: a used move as a line, an
//! excluded one as `×`, an undecided one dotted. In SVG the used moves are dark lines, the
//! excluded ones small grey crosses, the moves the step decides in blue (used) or red
//! (excluded), the cells it looked at on a yellow ground, with a caption and a legend below
//! the board.

use super::json::{write_document, xy, JSON_VERSION};
use super::move_grid::write_move_grid;
use super::picture::{
    begin_picture, blocked_entry, board_size, end_picture, write_grid_squares, write_move_crosses,
    write_move_paths, write_runs, Frame, LegendEntry, Swatch,
};
use super::FormatError;
use crate::core::board::{Board, Square};
use crate::core::plural::count_of;
use crate::core::square::{column_letters, name};
use crate::core::tour::Tour;
use crate::deduce::{Decision, End, Line, MoveState, Path, Rule, State, Step};
use serde::Serialize;
use std::io::Write;

/// A move as `A1-B1`.
fn move_name(board: &Board, [a, b]: [Square; 2]) -> String {
    format!("{}-{}", name(board, a), name(board, b))
}

/// The moves of `decided` in state `state`, named and joined by commas.
fn moves_named(board: &Board, decided: &[Decision], state: MoveState) -> Vec<String> {
    decided
        .iter()
        .filter(|decision| decision.state == state)
        .map(|decision| move_name(board, decision.squares))
        .collect()
}

/// A line in words: `the line between rows 3 and 4`.
fn line_words(line: Line) -> String {
    match line {
        Line::BelowRow(y) => format!("the line between rows {} and {}", y + 1, y + 2),
        Line::RightOfColumn(x) => format!(
            "the line between columns {} and {}",
            column_letters(x),
            column_letters(x + 1)
        ),
    }
}

/// The side before a line in words: `above` or `left of`.
fn side_words(line: Line) -> &'static str {
    match line {
        Line::BelowRow(_) => "above",
        Line::RightOfColumn(_) => "left of",
    }
}

/// The step in one plain sentence.
pub fn sentence(board: &Board, step: &Step) -> String {
    let cell = |index: usize| {
        step.cells
            .get(index)
            .map_or(String::new(), |&square| name(board, square))
    };
    let used = moves_named(board, &step.decided, MoveState::Used);
    let excluded = moves_named(board, &step.decided, MoveState::Excluded);
    match step.rule {
        Rule::TwoOpenNeighbours => format!(
            "{} has only two possible moves left, so the loop makes both.",
            cell(0)
        ),
        Rule::FullCell => format!(
            "{} already has its two moves, so the loop makes no other move there.",
            cell(0)
        ),
        Rule::NoEarlyClose => format!(
            "{} and {} are the two ends of one piece of the loop: joining them would close a \
             loop that misses other cells.",
            cell(0),
            cell(1)
        ),
        Rule::DeadEnd => format!(
            "If the loop went {}-{}, {} would be left with only one way in or out: a dead end.",
            cell(0),
            cell(1),
            cell(2)
        ),
        Rule::EvenCrossings => {
            let line = step.line.map_or(String::new(), line_words);
            format!(
                "The loop crosses {line} an even number of times, and at least twice, so {}.",
                decided_words(&used, &excluded)
            )
        }
        Rule::ColourCount => {
            let line = step.line.expect("a colour count has its line");
            let dark = step
                .cells
                .iter()
                .filter(|&&square| board.colour(square) == 0)
                .count();
            let light = step.cells.len() - dark;
            let surplus = 2 * (dark as i64 - light as i64);
            let entries = match surplus {
                0 => "as many dark cells as light".to_string(),
                more if more > 0 => format!("{more} more dark cells than light"),
                fewer => format!("{} more light cells than dark", -fewer),
            };
            format!(
                "The {} cells {} {} hold {dark} dark and {light} light ones (as on a \
                 chessboard); the loop's pieces there alternate colours, so the cells where it \
                 crosses the line into them count {entries}, and {}.",
                step.cells.len(),
                side_words(line),
                line_words(line),
                decided_words(&used, &excluded)
            )
        }
        Rule::ColourPairing => format!(
            "Every cell of the loop makes two moves, each to a cell of the other colour (as on \
             a chessboard); among the {} round {} every way of giving each cell its two \
             moves {}.",
            count_of(step.cells.len(), "cell", "cells"),
            cell(0),
            pairing_words(&used, &excluded)
        ),
        Rule::OnlyTwoWays => format!(
            "Only two moves join the {} round {} to the rest of the board, and the loop must \
             go in and come out again, so it makes both.",
            count_of(step.cells.len(), "cell", "cells"),
            cell(0)
        ),
    }
}

/// `makes A1-A2 and none makes B1-B2`, for the moves colour pairing uses and excludes.
fn pairing_words(used: &[String], excluded: &[String]) -> String {
    match (used.is_empty(), excluded.is_empty()) {
        (false, true) => format!("makes {}", used.join(", ")),
        (true, false) => format!("leaves out {}", excluded.join(", ")),
        _ => format!(
            "makes {} and leaves out {}",
            used.join(", "),
            excluded.join(", ")
        ),
    }
}

/// `it makes A1-A2 and not B1-B2`, for the moves a step uses and excludes.
fn decided_words(used: &[String], excluded: &[String]) -> String {
    match (used.is_empty(), excluded.is_empty()) {
        (false, true) => format!("it makes {}", used.join(", ")),
        (true, false) => format!("it does not make {}", excluded.join(", ")),
        _ => format!(
            "it makes {} and not {}",
            used.join(", "),
            excluded.join(", ")
        ),
    }
}

/// Writes step `number` (1-based) of `total`: its rule and level, its sentence, the moves it
/// uses and excludes.
pub fn write_step_text(
    board: &Board,
    number: usize,
    total: usize,
    step: &Step,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    writeln!(
        out,
        "step {number} of {total}: {} ({}): {}",
        step.rule,
        step.rule.level(),
        sentence(board, step)
    )?;
    for (label, state) in [("uses", MoveState::Used), ("excludes", MoveState::Excluded)] {
        let moves = moves_named(board, &step.decided, state);
        if !moves.is_empty() {
            writeln!(out, "  {label} {}", moves.join(" "))?;
        }
    }
    Ok(())
}

/// How the path ends, in one line.
pub fn end_words(board: &Board, path: &Path) -> String {
    let steps = count_of(path.steps.len(), "step", "steps");
    match &path.end {
        End::Solved => format!("solved in {steps}: the rules draw the only loop"),
        End::Stuck(cells) => format!(
            "stuck after {steps}: no rule decides the moves of {} ({})",
            count_of(cells.len(), "cell", "cells"),
            squares_named(board, cells, 12)
        ),
        End::NoLoop(cells) if cells.is_empty() => "no loop: the board has no open cell".into(),
        End::NoLoop(cells) => format!(
            "no loop: after {steps} the rules find no way round {}",
            squares_named(board, cells, 12)
        ),
    }
}

/// The grade in one line: `grade: hard (83 steps, the hardest of level hard)`.
pub fn grade_words(path: &Path) -> String {
    format!(
        "grade: {} ({}, the hardest of level {})",
        path.grade(),
        count_of(path.steps.len(), "step", "steps"),
        path.hardest()
    )
}

/// At most `shown` of `squares` named, and how many more.
fn squares_named(board: &Board, squares: &[Square], shown: usize) -> String {
    let mut names: Vec<String> = squares
        .iter()
        .take(shown)
        .map(|&square| name(board, square))
        .collect();
    if squares.len() > shown {
        names.push(format!("and {} more", squares.len() - shown));
    }
    names.join(" ")
}

/// Draws `state` at twice the board's size: a used move as a line (and each cell as the
/// corner its used moves make), an excluded move as `×`, an undecided one dotted.
pub fn write_state_text(state: &State, out: &mut dyn Write) -> Result<(), FormatError> {
    let board = state.board();
    let mark = |square: Square, direction: u32| -> Option<MoveState> {
        let (x, y) = board.coords(square);
        let other = match direction {
            0 => board.checked_square(x as i64 + 1, y as i64)?,
            _ => board.checked_square(x as i64, y as i64 + 1)?,
        };
        let id = state.between(square, other)?;
        (board.is_free(square) && board.is_free(other)).then(|| state.get(id))
    };
    let gap = |marked: Option<MoveState>, used: char, open: char| match marked {
        None => ' ',
        Some(MoveState::Used) => used,
        Some(MoveState::Excluded) => '×',
        Some(MoveState::Unknown) => open,
    };
    let links = |square: Square| -> u8 {
        let (x, y) = board.coords(square);
        state
            .moves_at(square)
            .filter(|&(id, _)| state.get(id) == MoveState::Used)
            .map(|(_, other)| {
                let (ox, oy) = board.coords(other);
                match (ox.cmp(&x), oy.cmp(&y)) {
                    (_, std::cmp::Ordering::Less) => 1,
                    (std::cmp::Ordering::Greater, _) => 2,
                    (_, std::cmp::Ordering::Greater) => 4,
                    _ => 8,
                }
            })
            .sum()
    };
    write_move_grid(
        board,
        &links,
        &|square| gap(mark(square, 0), '─', '┄'),
        &|square| gap(mark(square, 1), '│', '┆'),
        out,
    )
}

/// Writes `path` as one JSON object: the grade, the steps (all, or the first only when
/// `first_only`), how the path ends and, when solved, the loop.
pub fn write_path_json(
    board: &Board,
    path: &Path,
    first_only: bool,
    solved_loop: Option<&Tour>,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    let shown = match first_only {
        true => &path.steps[..path.steps.len().min(1)],
        false => &path.steps[..],
    };
    let squares = |squares: &[Square]| -> Vec<[u32; 2]> {
        squares.iter().map(|&square| xy(board, square)).collect()
    };
    let moves = |step: &Step, state: MoveState| -> Vec<[[u32; 2]; 2]> {
        step.decided
            .iter()
            .filter(|decision| decision.state == state)
            .map(|decision| {
                [
                    xy(board, decision.squares[0]),
                    xy(board, decision.squares[1]),
                ]
            })
            .collect()
    };
    let (end, end_cells) = match &path.end {
        End::Solved => ("solved", Vec::new()),
        End::Stuck(cells) => ("stuck", squares(cells)),
        End::NoLoop(cells) => ("no loop", squares(cells)),
    };
    let document = PathJson {
        version: JSON_VERSION,
        rows: board.rows(),
        cols: board.cols(),
        grade: path.grade().name(),
        hardest_level: path.hardest().name(),
        step_count: path.steps.len(),
        steps: shown
            .iter()
            .map(|step| StepJson {
                rule: step.rule.name(),
                level: step.rule.level().name(),
                sentence: sentence(board, step),
                used: moves(step, MoveState::Used),
                excluded: moves(step, MoveState::Excluded),
                cells: squares(&step.cells),
            })
            .collect(),
        end,
        end_cells,
        tour: solved_loop.map(|tour| squares(tour.squares())),
    };
    write_document(&document, out)
}

/// The path's object.
#[derive(Serialize)]
struct PathJson {
    version: u32,
    rows: u32,
    cols: u32,
    grade: &'static str,
    hardest_level: &'static str,
    step_count: usize,
    steps: Vec<StepJson>,
    end: &'static str,
    end_cells: Vec<[u32; 2]>,
    tour: Option<Vec<[u32; 2]>>,
}

/// One step's object.
#[derive(Serialize)]
struct StepJson {
    rule: &'static str,
    level: &'static str,
    sentence: String,
    used: Vec<[[u32; 2]; 2]>,
    excluded: Vec<[[u32; 2]; 2]>,
    cells: Vec<[u32; 2]>,
}

/// The stroke of the moves used before this step.
const USED_STROKE: &str = r##"stroke="#1a1a1a" stroke-width="6""##;
/// The stroke of the moves excluded before this step.
const EXCLUDED_STROKE: &str = r##"stroke="#9a9a9a" stroke-width="2""##;
/// The stroke of the moves this step uses.
const STEP_USED_STROKE: &str = r##"stroke="#1f5fbf" stroke-width="6""##;
/// The stroke of the moves this step excludes.
const STEP_EXCLUDED_STROKE: &str = r##"stroke="#d03030" stroke-width="2""##;
/// The fill of the cells the step reads.
const LOOKED_AT_FILL: &str = r##"fill="#fff2a8""##;

/// Writes `state` after step `number` of `total` (the step itself, `step`) as an SVG picture in
/// the frame every board picture shares (labels, caption, legend): the cells the step looked at
/// on a yellow ground, used moves as dark lines and excluded ones as grey crosses, the step's
/// own moves in blue (used) and red (excluded); the caption is the step's rule and sentence.
pub fn write_step_svg(
    state: &State,
    number: usize,
    total: usize,
    step: &Step,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    let board = state.board();
    let mut legend: Vec<LegendEntry> = blocked_entry(board, "shaded cells").into_iter().collect();
    legend.extend([
        LegendEntry::new(Swatch::Line(USED_STROKE), "used"),
        LegendEntry::new(Swatch::Cross(EXCLUDED_STROKE), "excluded"),
        LegendEntry::new(Swatch::Line(STEP_USED_STROKE), "used by this step"),
        LegendEntry::new(Swatch::Cross(STEP_EXCLUDED_STROKE), "excluded by this step"),
        LegendEntry::new(Swatch::Square(LOOKED_AT_FILL), "cells it reads"),
    ]);
    let frame = Frame {
        title: format!(
            "{}, step {number} of {total}: {}",
            board_size(board),
            step.rule
        ),
        caption: format!(
            "Step {number} of {total}: {} ({}). {}",
            step.rule,
            step.rule.level(),
            sentence(board, step)
        ),
        legend,
        numbered: false,
    };
    begin_picture(board, &frame, out)?;
    write_grid_squares(board, out)?;
    writeln!(out, r#"<g class="looked-at" {LOOKED_AT_FILL}>"#)?;
    let mut looked_at = vec![false; board.len()];
    for &square in &step.cells {
        looked_at[square as usize] = true;
    }
    write_runs(board, |square| looked_at[square as usize], out)?;
    writeln!(out, "</g>")?;
    let this_step = |squares: [Square; 2]| {
        step.decided
            .iter()
            .any(|decision| decision.squares == squares)
    };
    let mut used = Vec::new();
    let mut excluded = Vec::new();
    for id in state.all_moves() {
        let squares = state.squares(id);
        match state.get(id) {
            MoveState::Used if !this_step(squares) => used.push(squares),
            MoveState::Excluded if !this_step(squares) => excluded.push(squares),
            _ => {}
        }
    }
    let decided = |wanted: MoveState| -> Vec<[Square; 2]> {
        step.decided
            .iter()
            .filter(|decision| decision.state == wanted)
            .map(|decision| decision.squares)
            .collect()
    };
    let (step_used, step_excluded) = (decided(MoveState::Used), decided(MoveState::Excluded));
    write_move_paths(
        board,
        &[
            (&used, "used", USED_STROKE),
            (&step_used, "step-used", STEP_USED_STROKE),
        ],
        out,
    )?;
    write_move_crosses(board, &excluded, "excluded", EXCLUDED_STROKE, out)?;
    write_move_crosses(
        board,
        &step_excluded,
        "step-excluded",
        STEP_EXCLUDED_STROKE,
        out,
    )?;
    end_picture(out)
}
