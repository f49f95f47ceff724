//! Enums that are named on the command line and in files: one table of names gives each its
//! `ALL`, `name`, `Display` and `FromStr`, and a table that also gives each name a line of help
//! makes the enum [`Named`], the choices of a command-line option.

/// Values named on the command line: every choice an option offers, each with its name and a
/// line of help.
pub trait Named: Copy + Send + Sync + 'static {
    /// What a value is, in errors: `format`, `engine`.
    const KIND: &'static str;

    /// Every value, in the order the documentation lists them.
    fn all() -> Vec<Self>;

    /// The value's name.
    fn name(&self) -> &'static str;

    /// One line saying what the value is, for `--help`.
    fn help(&self) -> &'static str;

    /// The value named `text`, or an error naming the kind of thing asked for and every choice.
    fn from_name(text: &str) -> Result<Self, String> {
        find_by_name(Self::KIND, text, &Self::all(), Self::name)
    }
}

/// Gives the enum `$ty` its table of names: `$ty::ALL` (every value, in the table's order),
/// `$ty::name`, `Display` (the name) and `FromStr` (an unknown name is an error naming the
/// `$kind` of thing asked for and every choice). A table whose rows also give a line of help
/// (`Moves => "moves", "Letters N, S, E, W"`) makes `$ty` [`Named`] too.
macro_rules! named {
    ($ty:ident, $kind:literal, { $($variant:ident => $text:literal, $help:literal),+ $(,)? }) => {
        $crate::core::names::named!($ty, $kind, { $($variant => $text),+ });

        impl $crate::core::names::Named for $ty {
            const KIND: &'static str = $kind;

            fn all() -> Vec<$ty> {
                $ty::ALL.to_vec()
            }

            fn name(&self) -> &'static str {
                $ty::name(self)
            }

            fn help(&self) -> &'static str {
                match self {
                    $($ty::$variant => $help),+
                }
            }
        }
    };
    ($ty:ident, $kind:literal, { $($variant:ident => $text:literal),+ $(,)? }) => {
        impl $ty {
            /// Every value, in the order the documentation lists them.
            pub const ALL: [$ty; [$($text),+].len()] = [$($ty::$variant),+];

            /// The name on the command line and in files.
            pub fn name(&self) -> &'static str {
                match self {
                    $($ty::$variant => $text),+
                }
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $ty {
            type Err = String;

            fn from_str(text: &str) -> Result<$ty, String> {
                $crate::core::names::find_by_name($kind, text, &$ty::ALL, $ty::name)
            }
        }
    };
}

pub(crate) use named;

/// The one of `all` whose `name` is `text`, or an error naming the `kind` of thing asked for and
/// every choice.
pub(crate) fn find_by_name<T: Copy>(
    kind: &str,
    text: &str,
    all: &[T],
    name: fn(&T) -> &'static str,
) -> Result<T, String> {
    all.iter()
        .copied()
        .find(|item| name(item) == text)
        .ok_or_else(|| {
            let names: Vec<&str> = all.iter().map(name).collect();
            let choices = match names.split_last() {
                Some((last, [])) => last.to_string(),
                Some((last, others)) => format!("{} or {last}", others.join(", ")),
                None => String::new(),
            };
            format!("unknown {kind} {text:?}: expected {choices}")
        })
}
