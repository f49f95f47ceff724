//! The deliberately wrong engines of toursat's tests of `compare`: a child that sleeps past its
//! limit, one that lies, one that prints a tour that is not one.

use std::str::FromStr;
use std::time::Duration;
use toursat::Board;

/// A deliberately wrong engine, for tests of `compare` itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// Sleeps past any time limit, ignoring it.
    Sleep,
    /// Claims that no tour exists.
    Lie,
    /// Claims a tour that is not one (the free squares in row-major order).
    BadTour,
}

impl FromStr for Fault {
    type Err = String;

    fn from_str(text: &str) -> Result<Fault, String> {
        match text {
            "sleep" => Ok(Fault::Sleep),
            "lie" => Ok(Fault::Lie),
            "bad-tour" => Ok(Fault::BadTour),
            _ => Err(format!("unknown fault {text:?}: sleep, lie or bad-tour")),
        }
    }
}

impl Fault {
    /// The fault's name.
    pub fn as_str(&self) -> &'static str {
        match self {
            Fault::Sleep => "sleep",
            Fault::Lie => "lie",
            Fault::BadTour => "bad-tour",
        }
    }

    /// The wrong JSON answer this fault prints for `board` (after sleeping, for `Sleep`).
    pub fn act(&self, board: &Board) -> String {
        match self {
            Fault::Sleep => {
                std::thread::sleep(Duration::from_secs(3600));
                String::new()
            }
            Fault::Lie => r#"{"answer":"no tour","tour":null}"#.to_string(),
            Fault::BadTour => {
                let squares: Vec<[u32; 2]> = board
                    .free_squares()
                    .map(|square| {
                        let (x, y) = board.coords(square);
                        [x, y]
                    })
                    .collect();
                serde_json::json!({ "answer": "found", "tour": squares }).to_string()
            }
        }
    }

    /// The exit status that goes with the fault's answer.
    pub fn status(&self) -> u8 {
        match self {
            Fault::Sleep | Fault::BadTour => 0,
            Fault::Lie => 1,
        }
    }
}
