//! Tours: the squares of a tour in visiting order.

use crate::core::board::Square;

/// The squares of a tour in the order they are visited, each once.
///
/// A closed tour does not repeat its first square at the end: the move from the last square back
/// to the first is implied.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Tour {
    squares: Vec<Square>,
}

impl Tour {
    /// A tour through `squares` in this order.
    pub fn new(squares: Vec<Square>) -> Tour {
        Tour { squares }
    }

    /// The squares in visiting order.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// The squares, taken out of the tour.
    pub fn into_squares(self) -> Vec<Square> {
        self.squares
    }

    /// Number of squares visited.
    pub fn len(&self) -> usize {
        self.squares.len()
    }

    /// Whether the tour visits no square.
    pub fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    /// The same closed tour started at `start` (which it must visit), in the same direction.
    pub fn rotated_to(mut self, start: Square) -> Tour {
        if let Some(position) = self.squares.iter().position(|&square| square == start) {
            self.squares.rotate_left(position);
        }
        self
    }

    /// The same tour walked the other way.
    pub fn reversed(mut self) -> Tour {
        self.squares.reverse();
        self
    }
}

impl From<Vec<Square>> for Tour {
    fn from(squares: Vec<Square>) -> Tour {
        Tour::new(squares)
    }
}
