//! The symmetries a puzzle's shading may keep: each shaded square's images are shaded too.

use crate::core::board::Square;
use crate::core::names::named;

/// A symmetry of the board that the shaded squares keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Symmetry {
    /// No symmetry asked for.
    #[default]
    None,
    /// A half turn about the board's centre.
    Rot180,
    /// A quarter turn about the board's centre (square boards only): four images a square.
    Rot90,
    /// A mirror in the board's vertical midline (left and right swapped).
    Mirror,
}

named!(Symmetry, "symmetry", {
    None => "none", "No symmetry",
    Rot180 => "rot180", "The shading is the same turned half round",
    Rot90 => "rot90", "The shading is the same turned a quarter round (square boards)",
    Mirror => "mirror", "The shading is the same mirrored left to right",
});

impl Symmetry {
    /// Why a board of `rows` x `cols` cannot keep this symmetry, if it cannot.
    pub fn unfit(self, rows: u64, cols: u64) -> Option<String> {
        (self == Symmetry::Rot90 && rows != cols).then(|| {
            format!("--symmetry rot90 needs a square board, not {rows} x {cols} (rows x columns)")
        })
    }

    /// `square` and its images on a board of `rows` x `cols`, each once, `square` first.
    pub fn images(self, square: Square, rows: u64, cols: u64) -> Vec<Square> {
        let (x, y) = (square as u64 % cols, square as u64 / cols);
        let at = |x: u64, y: u64| (y * cols + x) as Square;
        let mut images = vec![square];
        let mut add = |image: Square| {
            if !images.contains(&image) {
                images.push(image);
            }
        };
        match self {
            Symmetry::None => {}
            Symmetry::Rot180 => add(at(cols - 1 - x, rows - 1 - y)),
            Symmetry::Mirror => add(at(cols - 1 - x, y)),
            Symmetry::Rot90 => {
                // A quarter turn of a square board: (x, y) to (n - 1 - y, x).
                let n = cols;
                add(at(n - 1 - y, x));
                add(at(n - 1 - x, n - 1 - y));
                add(at(y, n - 1 - x));
            }
        }
        images
    }

    /// Whether the shaded squares of `free` (a flag a square, on a board of `rows` x `cols`)
    /// keep the symmetry.
    pub fn kept_by(self, free: &[bool], rows: u64, cols: u64) -> bool {
        (0..free.len() as Square).all(|square| {
            self.images(square, rows, cols)
                .iter()
                .all(|&image| free[image as usize] == free[square as usize])
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_half_turn_pairs_opposite_corners_and_keeps_the_centre() {
        assert_eq!(Symmetry::Rot180.images(0, 3, 3), vec![0, 8]);
        assert_eq!(Symmetry::Rot180.images(4, 3, 3), vec![4]);
    }

    #[test]
    fn a_quarter_turn_has_four_images_off_the_centre() {
        assert_eq!(Symmetry::Rot90.images(0, 4, 4), vec![0, 3, 15, 12]);
        assert_eq!(Symmetry::Rot90.images(1, 3, 3), vec![1, 5, 7, 3]);
        assert!(Symmetry::Rot90.unfit(3, 4).is_some());
    }

    #[test]
    fn a_mirror_swaps_left_and_right() {
        assert_eq!(Symmetry::Mirror.images(5, 3, 4), vec![5, 6]);
        let mut free = vec![true; 12];
        free[4] = false;
        assert!(!Symmetry::Mirror.kept_by(&free, 3, 4));
        free[7] = false;
        assert!(Symmetry::Mirror.kept_by(&free, 3, 4));
    }
}
