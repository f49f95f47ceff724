//! The cactus plot: boards answered against time, one line per engine, as hand-written SVG.

use super::{Comparison, Report};
use std::io::{self, Write};

/// An SVG cactus plot: for each engine, its answered boards sorted by median seconds, the k-th
/// plotted at (k, seconds) on a logarithmic time axis; the further right and lower, the better.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cactus;

/// Line colours, one an engine in turn.
const COLOURS: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];

/// Plot size and margins, in pixels.
const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 440.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 200.0;
const TOP: f64 = 20.0;
const BOTTOM: f64 = 50.0;

impl Report for Cactus {
    fn write(&self, comparison: &Comparison, out: &mut dyn Write) -> io::Result<()> {
        let lines: Vec<Vec<f64>> = (0..comparison.engines.len())
            .map(|engine| {
                let mut times: Vec<f64> = comparison
                    .cells
                    .iter()
                    .map(|row| &row[engine])
                    .filter(|cell| cell.status().is_answer())
                    .map(|cell| cell.median_seconds().max(1e-4))
                    .collect();
                times.sort_by(f64::total_cmp);
                times
            })
            .collect();
        let fastest = lines
            .iter()
            .flatten()
            .copied()
            .fold(comparison.timeout, f64::min);
        let low = fastest.max(1e-4).log10().floor();
        let high = comparison
            .timeout
            .max(fastest * 10.0)
            .log10()
            .ceil()
            .max(low + 1.0);
        let boards = comparison.boards.len().max(1) as f64;
        let (plot_width, plot_height) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
        let x_of = |k: f64| LEFT + k / boards * plot_width;
        let y_of = |seconds: f64| TOP + (high - seconds.log10()) / (high - low) * plot_height;
        writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"#
        )?;
        writeln!(
            out,
            r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>"#
        )?;
        for decade in (low as i32)..=(high as i32) {
            let y = y_of(10f64.powi(decade));
            writeln!(
                out,
                r##"<line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"##,
                LEFT + plot_width,
                LEFT - 6.0,
                y + 4.0,
                decade_label(decade)
            )?;
        }
        let step = tick_step(boards);
        let mut tick = 0.0;
        while tick <= boards {
            let x = x_of(tick);
            writeln!(
                out,
                r##"<line x1="{x:.1}" y1="{TOP}" x2="{x:.1}" y2="{:.1}" stroke="#eee"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{tick}</text>"##,
                TOP + plot_height,
                TOP + plot_height + 16.0
            )?;
            tick += step;
        }
        writeln!(
            out,
            r#"<rect x="{LEFT}" y="{TOP}" width="{plot_width}" height="{plot_height}" fill="none" stroke="black"/>"#
        )?;
        let limit_y = y_of(comparison.timeout.max(1e-4));
        writeln!(
            out,
            r##"<line x1="{LEFT}" y1="{limit_y:.1}" x2="{:.1}" y2="{limit_y:.1}" stroke="#888" stroke-dasharray="4 3"/>"##,
            LEFT + plot_width
        )?;
        writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">boards answered (of {})</text>"#,
            LEFT + plot_width / 2.0,
            HEIGHT - 12.0,
            comparison.boards.len()
        )?;
        writeln!(
            out,
            r#"<text transform="translate(16 {:.1}) rotate(-90)" text-anchor="middle">median seconds (time limit {} s dashed)</text>"#,
            TOP + plot_height / 2.0,
            comparison.timeout
        )?;
        for (index, (times, engine)) in lines.iter().zip(&comparison.engines).enumerate() {
            let colour = COLOURS[index % COLOURS.len()];
            let points: Vec<(f64, f64)> = times
                .iter()
                .enumerate()
                .map(|(k, &seconds)| (x_of(k as f64 + 1.0), y_of(seconds)))
                .collect();
            if !points.is_empty() {
                let path: Vec<String> = points
                    .iter()
                    .map(|(x, y)| format!("{x:.1},{y:.1}"))
                    .collect();
                writeln!(
                    out,
                    r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"#,
                    path.join(" ")
                )?;
                for (x, y) in &points {
                    writeln!(
                        out,
                        r#"<circle cx="{x:.1}" cy="{y:.1}" r="2.5" fill="{colour}"/>"#
                    )?;
                }
            }
            let legend_y = TOP + 14.0 + 20.0 * index as f64;
            let legend_x = LEFT + plot_width + 14.0;
            writeln!(
                out,
                r#"<line x1="{legend_x:.1}" y1="{legend_y:.1}" x2="{:.1}" y2="{legend_y:.1}" stroke="{colour}" stroke-width="3"/><text x="{:.1}" y="{:.1}">{} ({})</text>"#,
                legend_x + 20.0,
                legend_x + 26.0,
                legend_y + 4.0,
                escape(engine),
                times.len()
            )?;
        }
        writeln!(out, "</svg>")
    }
}

/// A label for 10^decade seconds.
fn decade_label(decade: i32) -> String {
    match decade {
        ..=-1 => format!("{}", 10f64.powi(decade)),
        _ => format!("{:.0}", 10f64.powi(decade)),
    }
}

/// A tick step giving at most about ten ticks on an axis up to `span`.
fn tick_step(span: f64) -> f64 {
    [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0]
        .into_iter()
        .find(|&step| span / step <= 10.0)
        .unwrap_or(1000.0)
}

/// Text with XML's special characters escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
