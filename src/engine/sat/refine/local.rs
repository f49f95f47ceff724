//! Local repair: the warm start's cycles joined by a small formula over a window, before the
//! whole board's formula is built.
//!
//! On a large board the joined 2-factor usually leaves a few small cycles, and the repair
//! inside a window (see [`super::warm`]) then needs only the squares near them; yet the
//! window's solve is asked of the whole formula (millions of clauses on a 200 x 200 knight's
//! board, most of the time spent loading them). Here the window gets a formula of its own:
//! a variable for each edge with both ends in the window, every other edge a constant (as the
//! 2-factor has it), and at every window vertex exactly the edges its constants leave it. Its
//! models are cut and joined as the main loop's are.
//!
//! The first window surrounds every cycle but the largest, and on most boards joins them all;
//! it holds an open path's ends where the 2-factor put them (the virtual vertex's edges keep
//! their values), which later windows free.
//! It falls apart into parts (the squares its free edges join), each with a selector on its
//! clauses, and a part that cannot join its cycles is dropped (it keeps the 2-factor's edges)
//! while the others go on: one such part (a cycle that needs an end of the path, say) would
//! otherwise leave the whole window without a model, and the cycles would all be taken one at
//! a time, each window costing a pass over the board (on a king's 1000 x 1000 board with 20%
//! holes, 436 cycles: over a minute, where the parts join all but 54 at once). Where some
//! parts joined their cycles, the window around every cycle left is doubled once. Then the
//! cycles are taken one at a time, the shortest first: a window around it alone, which must
//! leave fewer cycles than there were; the first time that fails, the window around every
//! cycle is tried again (cycles none joins alone may join together), and doubled once. A window
//! that holds its boundary edges keeps the number of an open path's ends inside it, so a cycle
//! that can only be joined by ending the path in it (one behind a single square, say) is never
//! joined by a window around it alone. So on an open path the window around the cycle alone is
//! doubled twice (on a piece that does not alternate colours, the king, where most such cycles
//! join at radius 4, the rest at 8), then an end of the path walks to the cycle by Pósa
//! rotations (see [`super::rotation`]), which join it where they reach it; where they do not,
//! the window gains a corridor, a shortest path from the cycle to the nearest end of the path,
//! doubled to radius 8; then a corridor to the other end alone (the nearest may be one the tour
//! needs where it is, in a pocket or where the flow confines it), doubled in turn; then
//! corridors to both ends, doubled until the window outgrows its limit. A window that has no
//! model, or that meets its conflict budget (such parities are slow to refute), counts as too
//! small. A cycle that no window joins, or whose windows have met [`CYCLE_CONFLICTS`], is set
//! aside for the next shortest, and tried again once others have been joined.
//!
//! On a piece that alternates colours, a window is first counted out where it can be: the
//! free edges that lie in no subgraph with the window's degrees (found from a flow's residual
//! graph, as for sealed regions) cannot help, and when the pieces the others leave are more
//! than the cycles the window must come down to, it is too small without a solve. Such a window
//! fails for a reason of counting, which the solver may spend its whole budget on. A window
//! around every cycle is not counted out whole: its parts that lie across such pieces are
//! dropped before the solve, and the others joined (one part that needs an end of the path
//! would otherwise send every cycle to a window of its own). When the
//! window around the shortest cycle alone is counted out, the shortest alternating cycle through
//! a move that leaves the cycle is exchanged into the 2-factor (see [`super::alternating`]),
//! and kept when it leaves fewer cycles, or as many with that cycle gone (such an exchange is
//! not made twice, where two cycles would take turns until the budget is spent); and after the window
//! alone, the window gains that alternating cycle as a corridor, doubled to radius 8 (on a
//! closed tour, until it outgrows its limit), before the corridors to the ends.
//!
//! A window that outgrows its limit, or a spent budget, gives the cycles reached back to the
//! main loop, so only tours come from here: a proof that there is none is always the whole
//! formula's.

use super::alternating::{alternating_corridor, AlternatingCycle};
use super::merge;
use super::rotation::join_by_rotations;
use super::warm::{distances_from, window_distances, FIRST_RADIUS};
use crate::core::adjacency::root_with_halving;
use crate::engine::flow::factor::square_sides;
use crate::engine::proof::regions::{edges_in_some_factor, split_virtual_vertex};
use crate::engine::sat::cnf::formula::Formula;
use crate::engine::sat::cnf::solver::DeadlineSolver;
use crate::engine::sat::encode::cardinality::exactly_for;
use crate::engine::sat::encode::cutset::short_cycles_within;
use crate::engine::{SatStats, Stop};
use crate::graph::cycle::{cycles_of_partners, CycleGraph, Vertex};
use std::collections::VecDeque;
use std::time::Instant;
use varisat::Lit;

/// Windows with more vertices than this share of the graph's are left to the main loop.
const LARGEST_SHARE: usize = 4;

/// The most conflicts a window's solves may meet: a window whose cycles cannot be joined inside
/// it may be slow to refute (when the reason is a parity, as in a region that needs a path end
/// it cannot reach), and the next window is then tried as if this one were too small. A budget
/// of conflicts, not seconds, so the same board takes the same windows on every machine.
const WINDOW_CONFLICTS: u64 = 40_000;

/// The largest radius of the window around every cycle when it is tried again (the first time
/// the shortest cycle cannot be joined alone, see [`repair_locally`]): doubled from
/// [`FIRST_RADIUS`] to this.
const RETRY_RADIUS: u32 = 4;

/// The largest radius of a window around the shortest cycle with a corridor to one end of an
/// open path before the corridor to the other end is tried: doubled from [`FIRST_RADIUS`].
const CORRIDOR_RADIUS: u32 = 8;

/// The most conflicts the windows around one cycle may meet before it is set aside for the
/// next (it is tried again once others have been joined).
const CYCLE_CONFLICTS: u64 = 150_000;

/// The largest radius of a window around the shortest cycle alone, on an open path of a piece
/// that does not alternate colours, before the window gains a corridor to an end: doubled from
/// [`FIRST_RADIUS`] to this. Most cycles on a king's board that a window of radius 2 cannot
/// join, one of radius 4 does, and it is a tenth of the size of a window with a corridor (a
/// 200 x 200 king's board with 30% holes, seed 3: 9 windows with corridors where there were
/// 33); the last three cycles of a 1000 x 1000 king's board with 20% holes (seed 11), triangles
/// round a square with two moves and a cycle of six, joined at radius 8 where the windows with
/// corridors (hundreds of squares long there) met their budgets one after another for over a
/// minute. On the knight's boards measured such windows met their budget instead (a 200 x 200
/// board with 20% holes, seed 9, timed out with them, 9.3 s without), so there the cycle alone
/// is not doubled.
const PLAIN_RADIUS: u32 = 8;

/// The most conflicts all windows of the warm start's repair may meet before the main loop
/// takes over.
pub(super) const REPAIR_CONFLICTS: u64 = 500_000;

/// The most conflicts the windows of the warm start's repair may meet when the flow confines
/// an open tour's end: the cases on the ends join what the windows cannot (see `end_cases`).
pub(super) const CONFINED_REPAIR_CONFLICTS: u64 = 100_000;

/// The most rotations of each end of an open path that bring it to the shortest cycle before
/// the windows with corridors are tried (see [`join_by_rotations`]).
const MAX_ROTATIONS: u64 = 500;

/// Windows tried before the main loop takes over: this many for each cycle the warm start
/// left, and a few more.
const WINDOWS_PER_CYCLE: usize = 4;
const EXTRA_WINDOWS: usize = 8;

/// Models of one window's formula before the window is rebuilt around the cycles it reached.
const MODELS_PER_WINDOW: u32 = 32;

/// What a local repair did.
#[derive(Debug, Clone, Default)]
pub(super) struct LocalRepair {
    /// The cycles at the end: one (the tour) when the repair succeeded.
    pub cycles: Vec<Vec<Vertex>>,
    /// Exchanges made while joining.
    pub merges: u64,
    /// Calls to the window solvers.
    pub solve_calls: u64,
    /// Conflicts the window solvers met.
    pub conflicts: u64,
    /// Cycles joined to an open path by rotations of its ends.
    pub rotation_joins: u64,
    /// Exchanges along alternating cycles that let a cycle out of its piece.
    pub alternating_exchanges: u64,
    /// Seconds spent in all.
    pub seconds: f64,
}

impl LocalRepair {
    /// Adds this repair's exchanges, seconds, solve calls, conflicts, rotation joins and
    /// alternating exchanges to `stats`.
    pub(super) fn record(&self, stats: &mut SatStats) {
        stats.merges += self.merges;
        stats.local_seconds += self.seconds;
        stats.local_solve_calls += self.solve_calls;
        stats.local_conflicts += self.conflicts;
        stats.rotation_joins += self.rotation_joins;
        stats.alternating_exchanges += self.alternating_exchanges;
    }
}

/// What the next window is built around.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// Every cycle but the largest; the window must join them all. The first window (on most
    /// boards the only one), and `again` when the shortest cycle cannot be joined alone: then
    /// doubled up to [`RETRY_RADIUS`] while it is too small.
    EveryCycle { again: bool },
    /// The shortest cycle, and a shortest path from it to the ends of the open path that
    /// `corridor` names (see [`corridor_to_ends`]); the window must leave fewer cycles than
    /// there were.
    ShortestCycle { corridor: Corridor },
}

/// Which ends of the open path a window around the shortest cycle reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Corridor {
    /// None: the window is the cycle's alone.
    NoEnd,
    /// No end, but an alternating cycle that lets the cycle's piece be left (see
    /// [`alternating_corridor`]), on a piece that alternates colours.
    Alternating,
    /// The end nearest the cycle.
    Nearest,
    /// The other end alone: the nearest may be one the tour needs where it is (in a pocket,
    /// or where the flow confines it), and a window that reaches both is far larger.
    Other,
    /// Both ends.
    Both,
}

/// Joins `cycles` (a 2-factor of `graph` that holds its `protected` edges) into one cycle by
/// small window formulas: first one window around every cycle but the largest, then, while
/// cycles are left, windows around the shortest that is not set aside: alone (where it is
/// counted out, an exchange along an alternating cycle first), then (once a repair) around
/// every cycle again, doubled to [`RETRY_RADIUS`], then alone to [`PLAIN_RADIUS`] (on a piece
/// that does not alternate colours) or with an alternating corridor to [`CORRIDOR_RADIUS`] (on
/// one that does), then on an open path joined by rotations of an end (at most
/// [`MAX_ROTATIONS`] from each end), with a corridor to the nearest end, to the other end, each
/// to [`CORRIDOR_RADIUS`], and to both, doubled while it is too small (see [`next_corridor`]);
/// a cycle that none joins is set aside. Stops when every cycle left is set aside and none has
/// been joined since, after [`WINDOWS_PER_CYCLE`] windows a cycle, when the windows have met
/// `conflict_budget` conflicts ([`REPAIR_CONFLICTS`] for the warm start), or at the `deadline`.
pub(super) fn repair_locally(
    graph: &CycleGraph,
    cycles: Vec<Vec<Vertex>>,
    protected: &[bool],
    deadline: Option<Instant>,
    conflict_budget: u64,
) -> Result<LocalRepair, Stop> {
    let mut repair = LocalRepair {
        cycles,
        ..LocalRepair::default()
    };
    if repair.cycles.len() < 2 {
        return Ok(repair);
    }
    let started = Instant::now();
    let sides = square_sides(graph);
    let mut windows = WindowChooser::new(graph.virtual_vertex().is_some(), sides.is_some());
    let max_windows = WINDOWS_PER_CYCLE * repair.cycles.len() + EXTRA_WINDOWS;
    // The edges, sorted, of every exchange kept that left as many cycles as there were.
    let mut even_exchanges: Vec<Vec<u32>> = Vec::new();
    for _ in 0..max_windows {
        let conflicts_left = conflict_budget.saturating_sub(repair.conflicts);
        if repair.cycles.len() < 2 || conflicts_left == 0 {
            break;
        }
        let Some(seed) = windows.seed(&repair.cycles) else {
            break;
        };
        if windows.rotations_first() {
            if let Some(join) =
                join_by_rotations(graph, &repair.cycles, protected, seed, MAX_ROTATIONS)
            {
                repair.cycles = join.cycles;
                repair.rotation_joins += 1;
                windows.joined_by_rotations();
                continue;
            }
        }
        // A corridor that none gives (no alternating cycle, no end reached) leaves the window
        // the cycle's alone, tried before: it counts as spent.
        let (distance, inside, no_corridor) = match windows.scope {
            Scope::EveryCycle { .. } => {
                let (distance, inside) = window_distances(graph, &repair.cycles, windows.radius);
                (distance, inside, false)
            }
            Scope::ShortestCycle { corridor } => {
                let path = match (corridor, sides.as_deref()) {
                    (Corridor::Alternating, Some(side)) => {
                        alternating_corridor_of(graph, &repair.cycles, protected, side, seed)
                            .map_or_else(Vec::new, |cycle| cycle.vertices)
                    }
                    _ => corridor_to_ends(graph, &repair.cycles, protected, seed, corridor),
                };
                let no_corridor = corridor != Corridor::NoEnd && path.is_empty();
                let sources = repair.cycles[seed].iter().copied().chain(path);
                let (distance, inside) = distances_from(graph, sources, windows.radius);
                (distance, inside, no_corridor)
            }
        };
        // A window that has stopped growing (the cycle's part of a disconnected graph) is left
        // to the main loop too.
        let spent = no_corridor
            || inside * LARGEST_SHARE > graph.vertex_count()
            || windows.radius as usize >= graph.vertex_count();
        match windows.after_spent(repair.cycles[seed][0], spent, repair.conflicts) {
            Choice::Try => {}
            Choice::Next => continue,
            Choice::Stop => break,
        }
        let mut window = Window::new(
            graph,
            &repair.cycles,
            &distance,
            protected,
            windows.holds_ends(),
        );
        let enough = windows.enough(repair.cycles.len());
        // Pieces no model can join refute the window, or the parts of a window around every
        // cycle that lie across them, before the solver spends its budget.
        let counted_out = match (sides.as_deref(), windows.scope) {
            (None, _) => false,
            (Some(side), Scope::EveryCycle { .. }) => {
                window.active = window.joinable_parts(graph, side);
                !window.active.contains(&true)
            }
            (Some(side), Scope::ShortestCycle { .. }) => window.fewest_cycles(graph, side) > enough,
        };
        // A cycle counted out alone may be let out by an exchange along an alternating cycle.
        if let (true, true, Some(side)) = (counted_out, windows.exchange_first(), sides.as_deref())
        {
            let exchanged = window
                .alternating_cycle(graph, &repair.cycles[seed], protected, side)
                .and_then(|cycle| {
                    // An exchange that left as many cycles is not made twice: the two cycles
                    // it moves between would otherwise take turns for the whole budget.
                    let mut edges = cycle.edges.clone();
                    edges.sort_unstable();
                    if even_exchanges.contains(&edges) {
                        return None;
                    }
                    let made = exchange_along(graph, &repair.cycles, protected, seed, &cycle)?;
                    if made.0.len() == repair.cycles.len() {
                        even_exchanges.push(edges);
                    }
                    Some(made)
                });
            if let Some((cycles, merges)) = exchanged {
                repair.cycles = cycles;
                repair.merges += merges;
                repair.alternating_exchanges += 1;
                windows.joined_by_exchange();
                continue;
            }
        }
        let outcome = match counted_out {
            true => Ok(WindowOutcome::TooSmall),
            false => window.solve(
                graph,
                protected,
                enough,
                deadline,
                conflicts_left,
                &mut repair,
            ),
        };
        match outcome {
            Ok(WindowOutcome::Fewer(cycles)) => {
                repair.cycles = cycles;
                windows.joined_in_window();
            }
            Ok(WindowOutcome::Partly(cycles)) => {
                repair.cycles = cycles;
                windows.joined_partly();
            }
            Ok(WindowOutcome::TooSmall) | Err(Stop::ConflictBudget) => windows.too_small(),
            Ok(WindowOutcome::Moved(cycles)) => {
                repair.cycles = cycles;
                windows.moved();
            }
            Err(stop) => return Err(stop),
        }
    }
    repair.seconds = started.elapsed().as_secs_f64();
    Ok(repair)
}

/// Whether the window chosen is tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Choice {
    /// Build and solve it.
    Try,
    /// It is spent: the chooser has moved on to the next window.
    Next,
    /// The repair gives up: the window around every cycle is spent.
    Stop,
}

/// Which window the local repair tries next (see [`repair_locally`]): what it is built around
/// and how far it reaches, the cycles set aside, and the conflicts met around the shortest cycle.
#[derive(Debug, Clone)]
struct WindowChooser {
    /// What the next window is built around.
    scope: Scope,
    /// How far the next window reaches, in moves.
    radius: u32,
    /// Whether the window around every cycle was tried again (once a repair).
    every_cycle_tried: bool,
    /// A vertex of each cycle that no window around it joined.
    set_aside: Vec<Vertex>,
    /// Whether a window has joined cycles since the last was set aside.
    joined_since: bool,
    /// The vertex that stands for the shortest cycle last tried.
    last_seed: Vertex,
    /// The repair's conflicts when that cycle was first tried.
    seed_conflicts_from: u64,
    /// Whether the tour is open: a path whose ends corridors and rotations reach.
    open: bool,
    /// Whether the piece alternates colours.
    alternating: bool,
}

impl WindowChooser {
    /// The first window: around every cycle but the largest, of radius [`FIRST_RADIUS`].
    fn new(open: bool, alternating: bool) -> WindowChooser {
        WindowChooser {
            scope: Scope::EveryCycle { again: false },
            radius: FIRST_RADIUS,
            every_cycle_tried: false,
            set_aside: Vec::new(),
            joined_since: false,
            last_seed: Vertex::MAX,
            seed_conflicts_from: 0,
            open,
            alternating,
        }
    }

    /// The shortest of `cycles` that is not set aside (the largest never is a seed); when all
    /// are and some window has joined cycles since, the cycles set aside are tried again (the
    /// joins may have made room). `None` when none is left.
    fn seed(&mut self, cycles: &[Vec<Vertex>]) -> Option<usize> {
        let seed = shortest_cycle_left(cycles, &self.set_aside);
        if seed.is_none() && self.joined_since {
            self.set_aside.clear();
            self.joined_since = false;
            return shortest_cycle_left(cycles, &self.set_aside);
        }
        seed
    }

    /// Whether an end of the open path first walks to the seed by rotations: before the first
    /// window with a corridor to the nearest end.
    fn rotations_first(&self) -> bool {
        let first_corridor = Scope::ShortestCycle {
            corridor: Corridor::Nearest,
        };
        self.scope == first_corridor && self.radius == FIRST_RADIUS
    }

    /// Whether a cycle counted out is first let out by an exchange along an alternating cycle:
    /// in the first window around the shortest cycle alone.
    fn exchange_first(&self) -> bool {
        let alone = Scope::ShortestCycle {
            corridor: Corridor::NoEnd,
        };
        self.scope == alone && self.radius == FIRST_RADIUS
    }

    /// Whether the window holds an open path's ends where the 2-factor put them: the first,
    /// around every cycle. Its free edges at the virtual vertex would be one for every square
    /// of the window, under one cardinality constraint, where the solver then wanders among
    /// the ends (on the knight's open 1000 x 1000 board of "A million squares", 163 cycles and
    /// 13,992 squares: 5.3 s with the ends free, 1.6 s held); the windows after it free them.
    fn holds_ends(&self) -> bool {
        self.scope == Scope::EveryCycle { again: false }
    }

    /// Cycles a model of the window may leave and still count as progress: one for the window
    /// around every cycle, one fewer than `cycle_count` around the shortest.
    fn enough(&self, cycle_count: usize) -> usize {
        match self.scope {
            Scope::EveryCycle { .. } => 1,
            Scope::ShortestCycle { .. } => cycle_count - 1,
        }
    }

    /// Decides on the window built around the cycle of `seed_vertex`, `spent` when it cannot be
    /// tried (no corridor, too large, or no longer growing), the repair having met `conflicts`.
    ///
    /// The nearest end may be one the tour needs where it is (a square with a single move,
    /// say): a corridor to it that outgrew its limit gives way to corridors to both ends; a
    /// window around every cycle tried again gives way to the shortest cycle's corridors. A
    /// shortest cycle whose windows are spent, or met [`CYCLE_CONFLICTS`], is set aside.
    fn after_spent(&mut self, seed_vertex: Vertex, spent: bool, conflicts: u64) -> Choice {
        if seed_vertex != self.last_seed {
            self.last_seed = seed_vertex;
            self.seed_conflicts_from = conflicts;
        }
        let cycle_spent = matches!(self.scope, Scope::ShortestCycle { .. })
            && conflicts - self.seed_conflicts_from >= CYCLE_CONFLICTS;
        let next_scope = match self.scope {
            Scope::ShortestCycle { corridor } => {
                next_corridor(corridor, self.open, self.alternating)
            }
            Scope::EveryCycle { again: true } => Some(Scope::ShortestCycle {
                corridor: Corridor::NoEnd,
            }),
            Scope::EveryCycle { again: false } => None,
        };
        if let (true, false, Some(next_scope)) = (spent, cycle_spent, next_scope) {
            self.restart(next_scope);
            return Choice::Next;
        }
        if !(spent || cycle_spent) {
            return Choice::Try;
        }
        match self.scope {
            Scope::ShortestCycle { .. } => {
                self.set_aside.push(seed_vertex);
                self.restart(Scope::ShortestCycle {
                    corridor: Corridor::NoEnd,
                });
                Choice::Next
            }
            Scope::EveryCycle { .. } => Choice::Stop,
        }
    }

    /// The next window is `scope`'s first, of radius [`FIRST_RADIUS`].
    fn restart(&mut self, scope: Scope) {
        self.scope = scope;
        self.radius = FIRST_RADIUS;
    }

    /// Rotations joined the seed to the path: its window alone comes next, at the same radius.
    fn joined_by_rotations(&mut self) {
        self.joined_since = true;
        self.scope = Scope::ShortestCycle {
            corridor: Corridor::NoEnd,
        };
    }

    /// An exchange along an alternating cycle let the seed out: the same window comes next.
    fn joined_by_exchange(&mut self) {
        self.joined_since = true;
    }

    /// A window joined cycles: the next seed's window alone comes next.
    fn joined_in_window(&mut self) {
        self.joined_since = true;
        self.restart(Scope::ShortestCycle {
            corridor: Corridor::NoEnd,
        });
    }

    /// Some parts of the window joined their cycles, not all: the window around every cycle
    /// left, doubled to [`RETRY_RADIUS`], comes next, then the next seed's window alone.
    fn joined_partly(&mut self) {
        self.joined_since = true;
        match self.scope {
            Scope::EveryCycle { .. } if self.radius < RETRY_RADIUS => {
                self.scope = Scope::EveryCycle { again: true };
                self.radius *= 2;
            }
            _ => self.restart(Scope::ShortestCycle {
                corridor: Corridor::NoEnd,
            }),
        }
    }

    /// A window moved cycles without joining them: the next seed's window alone comes next, at
    /// the same radius.
    fn moved(&mut self) {
        self.scope = Scope::ShortestCycle {
            corridor: Corridor::NoEnd,
        };
    }

    /// The window was too small (counted out, refuted or out of conflicts): a larger one, or
    /// the next kind of window. Cycles that none joins alone may join together, as the first
    /// window would: the window around every cycle is tried again once.
    fn too_small(&mut self) {
        match self.scope {
            Scope::EveryCycle { again: true } if self.radius < RETRY_RADIUS => self.radius *= 2,
            Scope::EveryCycle { .. } => self.restart(Scope::ShortestCycle {
                corridor: Corridor::NoEnd,
            }),
            Scope::ShortestCycle {
                corridor: Corridor::NoEnd,
            } if !self.every_cycle_tried => {
                self.scope = Scope::EveryCycle { again: true };
                self.every_cycle_tried = true;
            }
            Scope::ShortestCycle { corridor } => {
                match next_corridor(corridor, self.open, self.alternating) {
                    Some(next) if self.radius >= largest_radius(corridor, self.alternating) => {
                        self.restart(next)
                    }
                    _ => self.radius = self.radius.saturating_mul(2),
                }
            }
        }
    }
}

/// The vertices of shortest paths through the board's moves from cycle `seed` to the `wanted`
/// nearest ends of the open path that `cycles` hold (squares joined to the virtual vertex by
/// edges that are not `protected`); none for a closed tour, or when no end is reached.
///
/// A window whose boundary edges are held keeps the number of path ends inside it: a cycle
/// that can only be joined by ending the path in it (behind a single square, or where its
/// colours need an end) needs a window that reaches an end, which the corridor gives; the end
/// nearest may be one the tour needs where it is, and the corridor to both ends then serves.
fn corridor_to_ends(
    graph: &CycleGraph,
    cycles: &[Vec<Vertex>],
    protected: &[bool],
    seed: usize,
    corridor: Corridor,
) -> Vec<Vertex> {
    // Which ends, in the order a search from the cycle meets them, get a path.
    let wanted: &[bool] = match corridor {
        Corridor::NoEnd | Corridor::Alternating => return Vec::new(),
        Corridor::Nearest => &[true],
        Corridor::Other => &[false, true],
        Corridor::Both => &[true, true],
    };
    let Some(hub) = graph.virtual_vertex() else {
        return Vec::new();
    };
    let mut is_end = vec![false; graph.vertex_count()];
    for cycle in cycles {
        let Some(position) = cycle.iter().position(|&vertex| vertex == hub) else {
            continue;
        };
        let neighbours = [
            cycle[(position + 1) % cycle.len()],
            cycle[(position + cycle.len() - 1) % cycle.len()],
        ];
        for end in neighbours {
            let free = graph
                .edge_between(hub, end)
                .is_some_and(|edge| !protected[edge as usize]);
            is_end[end as usize] |= free;
        }
    }
    let mut came_from = vec![Vertex::MAX; graph.vertex_count()];
    let mut queue = VecDeque::new();
    for &vertex in &cycles[seed] {
        came_from[vertex as usize] = vertex;
        queue.push_back(vertex);
    }
    let (mut path, mut found) = (Vec::new(), 0);
    while let Some(vertex) = queue.pop_front() {
        if is_end[vertex as usize] {
            if wanted[found] {
                let mut at = vertex;
                path.push(at);
                while came_from[at as usize] != at {
                    at = came_from[at as usize];
                    path.push(at);
                }
            }
            found += 1;
            if found == wanted.len() {
                break;
            }
        }
        for &(next, _) in graph.incident(vertex) {
            if next != hub && came_from[next as usize] == Vertex::MAX {
                came_from[next as usize] = vertex;
                queue.push_back(next);
            }
        }
    }
    path
}

/// The window around the shortest cycle that follows one with `corridor` that is too small
/// at its [`largest_radius`] (or outgrew its limit), on a tour that is `open` or not, of a
/// piece that is `alternating` colours or not: the cycle alone, then with an alternating
/// corridor (on a piece that alternates colours), then with a corridor to the nearest end of
/// an open path, to the other end, and to both; none after the last.
fn next_corridor(corridor: Corridor, open: bool, alternating: bool) -> Option<Scope> {
    let next = match corridor {
        Corridor::NoEnd if alternating => Corridor::Alternating,
        Corridor::NoEnd | Corridor::Alternating if open => Corridor::Nearest,
        Corridor::Nearest => Corridor::Other,
        Corridor::Other => Corridor::Both,
        Corridor::NoEnd | Corridor::Alternating | Corridor::Both => return None,
    };
    Some(Scope::ShortestCycle { corridor: next })
}

/// The radius to which a window around the shortest cycle with `corridor` is doubled before
/// the next corridor is tried, on a piece that `alternating` colours or not; the last is
/// doubled until it outgrows its limit.
fn largest_radius(corridor: Corridor, alternating: bool) -> u32 {
    match corridor {
        Corridor::NoEnd if alternating => FIRST_RADIUS,
        Corridor::NoEnd => PLAIN_RADIUS,
        Corridor::Alternating | Corridor::Nearest | Corridor::Other => CORRIDOR_RADIUS,
        Corridor::Both => u32::MAX,
    }
}

/// The alternating corridor (see [`alternating_corridor`]) of cycle `seed` of `cycles` (a
/// 2-factor of `graph`, whose vertices alternate `side`s, that holds its `protected` edges):
/// through a move that leaves the cycle's piece in the window of [`FIRST_RADIUS`] around it.
fn alternating_corridor_of(
    graph: &CycleGraph,
    cycles: &[Vec<Vertex>],
    protected: &[bool],
    side: &[u8],
    seed: usize,
) -> Option<AlternatingCycle> {
    let (distance, _) = distances_from(graph, cycles[seed].iter().copied(), FIRST_RADIUS);
    let window = Window::new(graph, cycles, &distance, protected, false);
    window.alternating_cycle(graph, &cycles[seed], protected, side)
}

/// The 2-factor `cycles` of `graph` after the exchange along `alternating`, its cycles joined
/// by exchanges ([`merge::merge_cycles`], keeping the `protected` edges), with the exchanges
/// made; none when it has more cycles than `cycles`, or as many and cycle `seed` among them
/// unchanged.
///
/// An exchange along a long alternating cycle often splits cycles it passes that 2-opt does
/// not join again; those are new cycles, which windows around them may join where none could
/// join the seed (on a 120 x 120 knight's board with 30% holes, seed 6, a cycle of 118 edges
/// left 11 cycles where there were 8, joined back to 8: the windows then found the tour).
fn exchange_along(
    graph: &CycleGraph,
    cycles: &[Vec<Vertex>],
    protected: &[bool],
    seed: usize,
    alternating: &AlternatingCycle,
) -> Option<(Vec<Vec<Vertex>>, u64)> {
    let mut chosen = held_edges(graph, cycles);
    for &edge in &alternating.edges {
        chosen[edge as usize] = !chosen[edge as usize];
    }
    let exchanged = graph.cycles_of_edges(&chosen)?;
    let (joined, merges) = merge::merge_cycles(graph, &exchanged, protected);
    let seed_cycle = &cycles[seed];
    // The seed is left when the cycle through its first vertex is another.
    let seed_left = joined
        .iter()
        .find(|cycle| cycle.contains(&seed_cycle[0]))
        .is_some_and(|cycle| {
            cycle.len() != seed_cycle.len() || cycle.iter().any(|v| !seed_cycle.contains(v))
        });
    let kept = joined.len() < cycles.len() || (joined.len() == cycles.len() && seed_left);
    kept.then_some((joined, merges))
}

/// The parts of a window (the vertices `inside` it) that its `free_edges` join, the virtual
/// vertex aside: each vertex's part (`u32::MAX` outside the window and for the virtual
/// vertex), and how many there are.
fn window_parts(
    graph: &CycleGraph,
    inside: &[bool],
    free_edges: &[(u32, varisat::Var)],
) -> (Vec<u32>, usize) {
    let hub = graph.virtual_vertex();
    let mut parent: Vec<u32> = (0..graph.vertex_count() as u32).collect();
    for &(edge, _) in free_edges {
        let (a, b) = graph.edges()[edge as usize];
        if Some(a) != hub && Some(b) != hub {
            let (root_a, root_b) = (
                root_with_halving(&mut parent, a),
                root_with_halving(&mut parent, b),
            );
            parent[root_a as usize] = root_b;
        }
    }
    let mut part = vec![u32::MAX; graph.vertex_count()];
    let mut part_of_root = vec![u32::MAX; graph.vertex_count()];
    let mut count = 0;
    for vertex in 0..graph.vertex_count() as Vertex {
        if !inside[vertex as usize] || Some(vertex) == hub {
            continue;
        }
        let root = root_with_halving(&mut parent, vertex) as usize;
        if part_of_root[root] == u32::MAX {
            part_of_root[root] = count;
            count += 1;
        }
        part[vertex as usize] = part_of_root[root];
    }
    (part, count as usize)
}

/// The part (of [`window_parts`]) of a free `edge`: its square's, or of its end that is not
/// the virtual vertex.
fn edge_part(graph: &CycleGraph, part: &[u32], edge: u32) -> u32 {
    let (a, b) = graph.edges()[edge as usize];
    match part[a as usize] {
        u32::MAX => part[b as usize],
        part_of_a => part_of_a,
    }
}

/// Whether each edge of `graph` is in the 2-factor `cycles`: one sweep of the edges, each
/// looked up among its ends' partners on their cycles.
fn held_edges(graph: &CycleGraph, cycles: &[Vec<Vertex>]) -> Vec<bool> {
    let partners = merge::partners_of(cycles, graph.vertex_count());
    (graph.edges().iter())
        .map(|&(a, b)| partners[a as usize].contains(&b))
        .collect()
}

/// The index of the shortest of `cycles` (the first of them on a tie) that holds none of the
/// vertices `set_aside`, leaving out the longest; none when every other cycle is set aside.
fn shortest_cycle_left(cycles: &[Vec<Vertex>], set_aside: &[Vertex]) -> Option<usize> {
    let longest = (0..cycles.len()).max_by_key(|&index| cycles[index].len())?;
    (0..cycles.len())
        .filter(|&index| index != longest)
        .filter(|&index| {
            !cycles[index]
                .iter()
                .any(|vertex| set_aside.contains(vertex))
        })
        .min_by_key(|&index| cycles[index].len())
}

/// How a window's formula ended.
enum WindowOutcome {
    /// A model whose cycles joined into as few as the window needed: these.
    Fewer(Vec<Vec<Vertex>>),
    /// Some parts of the window joined their cycles, not all: the fewest cycles a model left,
    /// fewer than there were.
    Partly(Vec<Vec<Vertex>>),
    /// Unsatisfiable: no model inside the window joins the cycles.
    TooSmall,
    /// Out of models: the joined cycles of the last one, for the next window.
    Moved(Vec<Vec<Vertex>>),
}

/// The formula of one window: its free edges and the clauses over them.
///
/// A window around many cycles falls apart into parts (the squares its free edges join, the
/// virtual vertex aside), and one part whose cycles cannot be joined (a cycle that needs an
/// end of the path, say) would leave the whole formula without a model. So each part has a
/// selector: its clauses hold while the selector is true, and with it false its free edges
/// keep the 2-factor's values. The solves assume every part's selector that is still active,
/// and a part among the assumptions that made a solve unsatisfiable is dropped, so that the
/// others' cycles are still joined.
struct Window {
    /// Every edge's value outside the window: whether the 2-factor has it.
    held: Vec<bool>,
    /// The edges with both ends in the window (protected ones excepted), in order, each with
    /// its variable.
    free_edges: Vec<(u32, varisat::Var)>,
    /// The variable of each edge, when it is free.
    edge_var: Vec<Option<varisat::Var>>,
    /// Whether each vertex is in the window.
    inside: Vec<bool>,
    /// The part of each vertex in the window (`u32::MAX` outside it, and for the virtual
    /// vertex, whose free edges are the parts of their squares).
    part: Vec<u32>,
    /// The selector of each part.
    selectors: Vec<varisat::Var>,
    /// Whether each part is tried: all at first, and not those that a count refutes.
    active: Vec<bool>,
    /// The cycles of the 2-factor the window was built around.
    cycle_count: usize,
    formula: Formula,
}

impl Window {
    /// The formula of the window of vertices at a finite `distance`, around the 2-factor
    /// `cycles`; with `ends_held`, an open path's ends stay where `cycles` put them (the
    /// virtual vertex's edges keep their values).
    fn new(
        graph: &CycleGraph,
        cycles: &[Vec<Vertex>],
        distance: &[u32],
        protected: &[bool],
        ends_held: bool,
    ) -> Window {
        let held = held_edges(graph, cycles);
        let inside: Vec<bool> = distance.iter().map(|&steps| steps != u32::MAX).collect();
        let mut formula = Formula::new();
        let mut edge_var = vec![None; graph.edges().len()];
        let mut free_edges = Vec::new();
        for (edge, &(a, b)) in graph.edges().iter().enumerate() {
            let held_end = ends_held
                && graph
                    .virtual_vertex()
                    .is_some_and(|end| end == a || end == b);
            if inside[a as usize] && inside[b as usize] && !protected[edge] && !held_end {
                let var = formula.new_var();
                edge_var[edge] = Some(var);
                free_edges.push((edge as u32, var));
            }
        }
        let (part, part_count) = window_parts(graph, &inside, &free_edges);
        let selectors = formula.new_vars(part_count);
        // A part dropped keeps the 2-factor's edges, which meet every degree below.
        for &(edge, var) in &free_edges {
            let selector = selectors[edge_part(graph, &part, edge) as usize];
            let kept = if held[edge as usize] {
                var.positive()
            } else {
                var.negative()
            };
            formula.add_clause(&[selector.positive(), kept]);
        }
        let exactly = exactly_for(graph);
        for vertex in (0..graph.vertex_count() as Vertex).filter(|&v| inside[v as usize]) {
            let mut free = Vec::new();
            let mut held_here = 0;
            for &(_, edge) in graph.incident(vertex) {
                match edge_var[edge as usize] {
                    Some(var) => free.push(var.positive()),
                    None => held_here += usize::from(held[edge as usize]),
                }
            }
            match 2usize.saturating_sub(held_here) {
                0 => free.iter().for_each(|&lit| formula.add_clause(&[!lit])),
                wanted => exactly(&mut formula, &free, wanted),
            }
        }
        // No cycle of three or four squares inside (the whole formula's clauses, on the window).
        if graph.vertex_count() > 4 {
            for cycle in short_cycles_within(graph, |vertex| inside[vertex as usize]) {
                let clause: Option<Vec<Lit>> = cycle
                    .iter()
                    .filter_map(|&edge| match edge_var[edge as usize] {
                        Some(var) => Some(Some(var.negative())),
                        None if held[edge as usize] => None,
                        // A held edge the 2-factor leaves out: the cycle cannot close.
                        None => Some(None),
                    })
                    .collect();
                if let Some(mut clause) = clause.filter(|clause| !clause.is_empty()) {
                    // The 2-factor may hold such a cycle: the clause binds its parts alone.
                    let mut parts: Vec<u32> = cycle
                        .iter()
                        .filter(|&&edge| edge_var[edge as usize].is_some())
                        .map(|&edge| edge_part(graph, &part, edge))
                        .collect();
                    parts.sort_unstable();
                    parts.dedup();
                    clause.extend(parts.iter().map(|&p| selectors[p as usize].negative()));
                    formula.add_clause(&clause);
                }
            }
        }
        Window {
            held,
            free_edges,
            edge_var,
            inside,
            part,
            active: vec![true; selectors.len()],
            selectors,
            cycle_count: cycles.len(),
            formula,
        }
    }

    /// Solves with the parts still active, joins and cuts until a model's cycles join into
    /// `enough` or fewer, no active part is left with a cycle to join, every part is dropped,
    /// or [`MODELS_PER_WINDOW`] models have passed; stops at the `deadline`, or after
    /// [`WINDOW_CONFLICTS`] conflicts or the `conflicts_left` to the repair; counts into
    /// `repair`. Where some parts joined their cycles and others did not, the model with the
    /// fewest cycles is the outcome ([`WindowOutcome::Partly`]).
    fn solve(
        mut self,
        graph: &CycleGraph,
        protected: &[bool],
        enough: usize,
        deadline: Option<Instant>,
        conflicts_left: u64,
        repair: &mut LocalRepair,
    ) -> Result<WindowOutcome, Stop> {
        let budget = WINDOW_CONFLICTS.min(conflicts_left);
        let mut solver = DeadlineSolver::with_budget(deadline, Some(budget), None);
        let mut active = std::mem::take(&mut self.active);
        let reader = ModelReader::new(graph, &self).ok_or(Stop::InternalError)?;
        let mut fewest: Option<Vec<Vec<Vertex>>> = None;
        let mut last = None;
        let mut models = 0;
        while models < MODELS_PER_WINDOW {
            let assumptions: Vec<Lit> = (self.selectors.iter().zip(&active))
                .map(|(selector, &active)| selector.lit(active))
                .collect();
            let before = solver.conflicts();
            let model = solver.solve(&self.formula, &assumptions);
            repair.solve_calls += 1;
            repair.conflicts += solver.conflicts() - before;
            let values = match model {
                Ok(Some(values)) => values,
                Ok(None) if self.drop_failed_parts(&solver, &mut active) => continue,
                // The parts joined so far are kept; the rest are another window's.
                Ok(None) | Err(Stop::ConflictBudget) if fewest.is_some() => break,
                Ok(None) => return Ok(WindowOutcome::TooSmall),
                Err(stop) => return Err(stop),
            };
            models += 1;
            let cycles = reader.cycles(&values).ok_or(Stop::InternalError)?;
            let cycle_of = merge::cycle_numbers(&cycles, graph.vertex_count());
            let (joined, merges) =
                merge::merge_numbered_cycles(graph, &cycles, &cycle_of, protected);
            repair.merges += merges;
            if joined.len() <= enough {
                return Ok(WindowOutcome::Fewer(joined));
            }
            let best_so_far = fewest.as_ref().map_or(self.cycle_count, Vec::len);
            if joined.len() < best_so_far {
                fewest = Some(joined.clone());
            }
            let largest = (0..cycles.len()).max_by_key(|&index| cycles[index].len());
            let mut left_to_join = false;
            for (index, cycle) in cycles.iter().enumerate() {
                // A cycle wholly outside the window is another window's to join.
                if !cycle.iter().any(|&vertex| self.inside[vertex as usize]) {
                    continue;
                }
                let cut = self.cut(graph, cycle, index as u32, &cycle_of, &active);
                if cut.is_empty() {
                    // A window of one part cannot join this cycle; in a window of several,
                    // the active parts may still join theirs.
                    if self.selectors.len() < 2 {
                        return Ok(WindowOutcome::TooSmall);
                    }
                    continue;
                }
                left_to_join |= Some(index) != largest;
                self.formula.add_clause(&cut);
            }
            last = Some(joined);
            if !left_to_join {
                break;
            }
        }
        Ok(match (fewest, last) {
            (Some(fewest), _) => WindowOutcome::Partly(fewest),
            (None, Some(last)) => WindowOutcome::Moved(last),
            (None, None) => WindowOutcome::TooSmall,
        })
    }

    /// Drops the `active` parts whose selectors are among the assumptions that made the
    /// `solver`'s last solve unsatisfiable, and says whether any part is still active after
    /// dropping at least one.
    fn drop_failed_parts(&self, solver: &DeadlineSolver, active: &mut [bool]) -> bool {
        let failed = solver.failed_assumptions().unwrap_or_default();
        let mut dropped = false;
        for (part, selector) in self.selectors.iter().enumerate() {
            if active[part] && failed.contains(&selector.positive()) {
                active[part] = false;
                dropped = true;
            }
        }
        dropped && active.contains(&true)
    }

    /// The fewest cycles a model of the window can have, on a graph whose squares alternate
    /// `side`s: the pieces of the graph that the held edges of the 2-factor join, with the free
    /// edges that lie in some model's 2-factor. Those are found from the residual graph of the
    /// window's degrees, the virtual vertex split in two halves as the flow splits it
    /// ([`split_virtual_vertex`]; every model is a 2-factor of the whole graph, so the colour
    /// count holds): a free edge lies in some subgraph with the
    /// window's degrees exactly when it is held or a residual cycle passes through it. A window
    /// whose cycles cannot join for a reason of counting (a region that would have to be left
    /// as often at one colour as at the other) is refuted here by a flow's residual graph, where
    /// the solver may spend its whole budget on it.
    fn fewest_cycles(&self, graph: &CycleGraph, side: &[u8]) -> usize {
        self.pieces(graph, side).1
    }

    /// Whether each part of the window (see [`window_parts`]) can join its cycles, on a graph
    /// whose squares alternate `side`s: a part whose squares lie in more than one of the
    /// pieces of [`Window::pieces`] cannot, as every cycle of a model lies within one piece.
    /// A window around every cycle whose parts some counting refutes is then solved with the
    /// others alone (on a knight's open 1000 x 1000 board with 10% holes, seed 15, the first
    /// window of 181 cycles was refuted whole, and the cycles were then taken one at a time).
    fn joinable_parts(&self, graph: &CycleGraph, side: &[u8]) -> Vec<bool> {
        let (piece, _) = self.pieces(graph, side);
        let mut piece_of_part = vec![u32::MAX; self.selectors.len()];
        let mut joinable = vec![true; self.selectors.len()];
        for (vertex, &part) in self.part.iter().enumerate() {
            let Some(first) = piece_of_part.get_mut(part as usize) else {
                continue;
            };
            if *first == u32::MAX {
                *first = piece[vertex];
            } else if *first != piece[vertex] {
                joinable[part as usize] = false;
            }
        }
        joinable
    }

    /// A shortest alternating cycle (see [`alternating_corridor`]) through a free edge that
    /// leaves the piece of `cycle` (one of the window's 2-factor) in [`Window::pieces`]: none
    /// when there is no such edge, or no search finds one.
    fn alternating_cycle(
        &self,
        graph: &CycleGraph,
        cycle: &[Vertex],
        protected: &[bool],
        side: &[u8],
    ) -> Option<AlternatingCycle> {
        let (piece, _) = self.pieces(graph, side);
        let own = piece[cycle[0] as usize];
        let leaving: Vec<u32> = self
            .free_edges
            .iter()
            .map(|&(edge, _)| edge)
            .filter(|&edge| {
                let (a, b) = graph.edges()[edge as usize];
                (piece[a as usize] == own) != (piece[b as usize] == own)
            })
            .collect();
        alternating_corridor(graph, side, &self.held, protected, &leaving)
    }

    /// The pieces that [`Window::fewest_cycles`] counts: a root vertex for each vertex, and
    /// how many there are.
    fn pieces(&self, graph: &CycleGraph, side: &[u8]) -> (Vec<u32>, usize) {
        let free: Vec<u32> = self.free_edges.iter().map(|&(edge, _)| edge).collect();
        let factor: Vec<bool> = free.iter().map(|&edge| self.held[edge as usize]).collect();
        let (split, split_side) = split_virtual_vertex(graph, side, &free);
        let usable = edges_in_some_factor(&split, &split_side, &factor);
        let count = graph.vertex_count();
        let mut parent: Vec<u32> = (0..count as u32).collect();
        let mut pieces = count;
        let joined = free
            .iter()
            .zip(&usable)
            .filter(|(_, &usable)| usable)
            .map(|(&edge, _)| edge)
            .chain((0..graph.edges().len() as u32).filter(|&edge| {
                self.edge_var[edge as usize].is_none() && self.held[edge as usize]
            }));
        for edge in joined {
            let (a, b) = graph.edges()[edge as usize];
            let (root_a, root_b) = (
                root_with_halving(&mut parent, a),
                root_with_halving(&mut parent, b),
            );
            if root_a != root_b {
                parent[root_a as usize] = root_b;
                pieces -= 1;
            }
        }
        let roots = (0..count as u32)
            .map(|vertex| root_with_halving(&mut parent, vertex))
            .collect();
        (roots, pieces)
    }

    /// The cut of `cycle` (number `index` in `cycle_of`, each vertex's cycle): some free edge
    /// of an `active` part with one end on it and the other off it, while those parts' selectors
    /// hold; empty when no such edge crosses it. (The held edges that cross it are all
    /// unchosen, as the cycle is one of the model's, and so are those of the parts dropped,
    /// which keep the 2-factor's values.)
    fn cut(
        &self,
        graph: &CycleGraph,
        cycle: &[Vertex],
        index: u32,
        cycle_of: &[u32],
        active: &[bool],
    ) -> Vec<Lit> {
        let mut parts = Vec::new();
        let mut cut: Vec<Lit> = cycle
            .iter()
            .filter(|&&vertex| self.inside[vertex as usize])
            .flat_map(|&vertex| graph.incident(vertex))
            .filter(|&&(other, _)| cycle_of[other as usize] != index)
            .filter_map(|&(_, edge)| {
                let var = self.edge_var[edge as usize]?;
                let part = edge_part(graph, &self.part, edge);
                active[part as usize].then(|| {
                    parts.push(part);
                    var.positive()
                })
            })
            .collect();
        if !cut.is_empty() {
            parts.sort_unstable();
            parts.dedup();
            cut.extend(parts.iter().map(|&p| self.selectors[p as usize].negative()));
        }
        cut
    }
}

/// What a window's models are read with: the cycles of a model are those of the 2-factor the
/// window was built around outside the window, and of the edges the model chose inside it, so
/// each model costs the squares of the window and one walk of the cycles, not a sweep of every
/// edge of the board.
struct ModelReader {
    /// Each vertex's partners in the 2-factor the window was built around (see
    /// [`CycleGraph::partners_of_edges`]): a model's outside the window.
    held_partners: Vec<[Vertex; 2]>,
    /// The vertices in the window.
    members: Vec<Vertex>,
    /// Where the edges of each member end in `member_edges` (the `i`th member's are
    /// `member_edges[member_ends[i]..member_ends[i + 1]]`).
    member_ends: Vec<usize>,
    /// The edges that a model may give each member (its held edges that are not free, and its
    /// free edges), in the order of their numbers: each edge's other end, and its variable
    /// where it is free.
    member_edges: Vec<(Vertex, Option<varisat::Var>)>,
}

impl ModelReader {
    /// The reader of `window`'s models on `graph`; `None` when the window's held edges are not
    /// a 2-factor.
    fn new(graph: &CycleGraph, window: &Window) -> Option<ModelReader> {
        let held_partners = graph.partners_of_edges(&window.held)?;
        let members: Vec<Vertex> = (0..graph.vertex_count() as Vertex)
            .filter(|&vertex| window.inside[vertex as usize])
            .collect();
        let mut member_ends = vec![0];
        let mut member_edges = Vec::new();
        let mut edges = Vec::new();
        for &vertex in &members {
            edges.clear();
            edges.extend(
                (graph.incident(vertex).iter())
                    .map(|&(other, edge)| (edge, other, window.edge_var[edge as usize]))
                    .filter(|&(edge, _, var)| var.is_some() || window.held[edge as usize]),
            );
            edges.sort_unstable_by_key(|&(edge, _, _)| edge);
            member_edges.extend(edges.iter().map(|&(_, other, var)| (other, var)));
            member_ends.push(member_edges.len());
        }
        Some(ModelReader {
            held_partners,
            members,
            member_ends,
            member_edges,
        })
    }

    /// The cycles of the 2-factor that a model's `values` choose, as the graph's
    /// [`CycleGraph::cycles_of_edges`] gives them for every edge chosen; `None` when a vertex
    /// has other than two.
    fn cycles(&self, values: &[bool]) -> Option<Vec<Vec<Vertex>>> {
        let mut partners = self.held_partners.clone();
        for (index, &vertex) in self.members.iter().enumerate() {
            let mut pair = [Vertex::MAX; 2];
            let mut count = 0;
            let edges = &self.member_edges[self.member_ends[index]..self.member_ends[index + 1]];
            for &(other, var) in edges {
                let chosen =
                    var.is_none_or(|var| values.get(var.index()).copied().unwrap_or(false));
                if chosen {
                    *pair.get_mut(count)? = other;
                    count += 1;
                }
            }
            if count < 2 {
                return None;
            }
            partners[vertex as usize] = pair;
        }
        Some(cycles_of_partners(&partners))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::every_blocked_pattern;
    use crate::core::piece::{MoveGraph, Piece};
    use crate::core::problem::{Problem, TourShape};
    use crate::engine::flow::factor::{factor_cycles, two_factor};
    use crate::engine::search::dfs;
    use crate::engine::{Answer, Limits, Stats};

    /// On every blocked pattern of 4 x 4 and 3 x 5 boards, for the knight and the rook, open
    /// and closed: a window over the whole board that is counted out (pieces no model joins)
    /// belongs to a board without a tour, and a board with a tour is never counted out.
    #[test]
    fn a_window_is_counted_out_only_where_no_model_joins_its_cycles() {
        let mut counted_out = 0;
        for_each_small_two_factor(|problem, moves, graph, cycles| {
            let protected = graph.forced_edge_flags();
            let everywhere = vec![0; graph.vertex_count()];
            let window = Window::new(graph, cycles, &everywhere, &protected, false);
            let side = square_sides(graph).expect("a piece that alternates colours");
            let fewest = window.fewest_cycles(graph, &side);
            let (board, piece, shape) = (&problem.board, problem.piece, problem.shape);
            assert!((1..=cycles.len()).contains(&fewest), "{board}{piece}");
            let answer = dfs::search(problem, moves, &Limits::none(), &mut Stats::default());
            let found = matches!(answer, Answer::Found(_));
            assert!(
                fewest == 1 || !found,
                "{board}{piece} {shape:?}: {fewest} pieces"
            );
            counted_out += usize::from(fewest > 1);
        });
        assert!(
            counted_out >= 1000,
            "only {counted_out} windows counted out"
        );
    }

    /// Calls `visit` with every problem on every blocked pattern of 4 x 4 and 3 x 5 boards with
    /// three free squares or more, for the knight and the rook, open and closed, that has a
    /// 2-factor by the flow: the problem, its moves, its cycle graph and the 2-factor's cycles.
    fn for_each_small_two_factor(
        mut visit: impl FnMut(&Problem, &MoveGraph, &CycleGraph, &[Vec<Vertex>]),
    ) {
        for (rows, cols) in [(4, 4), (3, 5)] {
            for board in every_blocked_pattern(rows, cols) {
                if board.free_squares().count() < 3 {
                    continue;
                }
                for (piece, shape) in [Piece::Knight, Piece::Rook]
                    .into_iter()
                    .flat_map(|piece| [(piece, TourShape::Open), (piece, TourShape::Closed)])
                {
                    let problem = Problem::new(board.clone(), piece, shape);
                    let flow = |graph: &CycleGraph| two_factor(graph).ok();
                    if let Some((moves, graph, cycles)) = factor_cycles(&problem, flow) {
                        visit(&problem, &moves, &graph, &cycles);
                    }
                }
            }
        }
    }

    /// On every blocked pattern of 4 x 4 and 3 x 5 boards, for the knight and the rook, open
    /// and closed: in a window of every square but those of the second column (which falls
    /// into parts), a part that [`Window::joinable_parts`] counts out has no model, with it
    /// alone active, that puts all its squares on one cycle.
    #[test]
    fn a_part_is_counted_out_only_where_no_model_puts_its_squares_on_one_cycle() {
        let mut counted_out = 0;
        for_each_small_two_factor(|problem, _, graph, cycles| {
            let protected = graph.forced_edge_flags();
            let mut distance = vec![0; graph.vertex_count()];
            for y in 0..problem.board.rows() {
                if let Some(vertex) = graph.vertex(problem.board.square(1, y)) {
                    distance[vertex as usize] = u32::MAX;
                }
            }
            let window = Window::new(graph, cycles, &distance, &protected, false);
            let side = square_sides(graph).expect("a piece that alternates colours");
            let joinable = window.joinable_parts(graph, &side);
            for part in (0..joinable.len()).filter(|&part| !joinable[part]) {
                counted_out += 1;
                assert_no_model_joins_part(graph, &window, part as u32);
            }
        });
        assert!(counted_out >= 500, "only {counted_out} parts counted out");
    }

    /// On every blocked pattern of 4 x 4 and 3 x 5 boards, for the knight and the rook, open
    /// and closed: the cycles of a window's model, read from the held partners and the model's
    /// edges inside the window, are those of the graph's own reading of every edge chosen, in
    /// the same order and direction; for windows that hold the ends or free them.
    #[test]
    fn a_models_cycles_are_those_of_its_chosen_edges() {
        let mut models = 0;
        for_each_small_two_factor(|problem, _, graph, cycles| {
            let protected = graph.forced_edge_flags();
            let mut distance = vec![0; graph.vertex_count()];
            if let Some(vertex) = graph.vertex(problem.board.square(0, 0)) {
                distance[vertex as usize] = u32::MAX;
            }
            let ends_held = models % 2 == 0;
            let window = Window::new(graph, cycles, &distance, &protected, ends_held);
            let assumptions: Vec<Lit> = window
                .selectors
                .iter()
                .map(|selector| selector.positive())
                .collect();
            let mut solver = DeadlineSolver::with_budget(None, None, None);
            let Some(values) = solver.solve(&window.formula, &assumptions).unwrap() else {
                return;
            };
            let mut chosen = window.held.clone();
            for &(edge, var) in &window.free_edges {
                chosen[edge as usize] = values[var.index()];
            }
            let (board, piece, shape) = (&problem.board, problem.piece, problem.shape);
            assert_eq!(
                ModelReader::new(graph, &window)
                    .expect("a 2-factor")
                    .cycles(&values),
                graph.cycles_of_edges(&chosen),
                "{board}{piece} {shape:?}"
            );
            models += 1;
        });
        assert!(models >= 1000, "only {models} models");
    }

    /// Asserts that no model of `window`'s formula with only `part` active (every model,
    /// enumerated) puts all the squares of `part` on one cycle.
    fn assert_no_model_joins_part(graph: &CycleGraph, window: &Window, part: u32) {
        let squares: Vec<Vertex> = (0..graph.vertex_count() as Vertex)
            .filter(|&vertex| window.part[vertex as usize] == part)
            .collect();
        let assumptions: Vec<Lit> = (window.selectors.iter().enumerate())
            .map(|(other, selector)| selector.lit(other as u32 == part))
            .collect();
        let own_edges: Vec<(u32, varisat::Var)> = (window.free_edges.iter().copied())
            .filter(|&(edge, _)| edge_part(graph, &window.part, edge) == part)
            .collect();
        let mut formula = window.formula.clone();
        let mut solver = DeadlineSolver::with_budget(None, None, None);
        while let Some(values) = solver.solve(&formula, &assumptions).expect("no limit") {
            let mut chosen = window.held.clone();
            for &(edge, var) in &window.free_edges {
                chosen[edge as usize] = values[var.index()];
            }
            let cycles = graph.cycles_of_edges(&chosen).expect("a 2-factor");
            assert!(
                !cycles
                    .iter()
                    .any(|cycle| squares.iter().all(|square| cycle.contains(square))),
                "a model joins the part counted out"
            );
            let blocking: Vec<Lit> = (own_edges.iter())
                .map(|&(_, var)| var.lit(!values[var.index()]))
                .collect();
            if blocking.is_empty() {
                break;
            }
            formula.add_clause(&blocking);
        }
    }

    /// The windows around one cycle, in order, each as its corridor and radius, until the last
    /// one outgrows a radius of `limit`.
    fn windows(open: bool, alternating: bool, limit: u32) -> Vec<(Corridor, u32)> {
        let mut corridor = Corridor::NoEnd;
        let mut radius = FIRST_RADIUS;
        let mut windows = Vec::new();
        while radius <= limit {
            windows.push((corridor, radius));
            match next_corridor(corridor, open, alternating) {
                Some(Scope::ShortestCycle { corridor: next })
                    if radius >= largest_radius(corridor, alternating) =>
                {
                    corridor = next;
                    radius = FIRST_RADIUS;
                }
                _ => radius *= 2,
            }
        }
        windows
    }

    #[test]
    fn an_open_paths_cycle_is_tried_alone_then_alternating_then_with_each_end_then_both() {
        use Corridor::*;
        let king = [
            (NoEnd, 2),
            (NoEnd, 4),
            (NoEnd, 8),
            (Nearest, 2),
            (Nearest, 4),
            (Nearest, 8),
        ];
        let then = [
            (Other, 2),
            (Other, 4),
            (Other, 8),
            (Both, 2),
            (Both, 4),
            (Both, 8),
        ];
        assert_eq!(windows(true, false, 8), [&king[..], &then[..]].concat());
        // On a piece that alternates colours, the window alone is not doubled: the window
        // with an alternating corridor follows it.
        let alternating = [(Alternating, 2), (Alternating, 4), (Alternating, 8)];
        assert_eq!(
            windows(true, true, 8),
            [&king[..1], &alternating, &king[3..], &then[..]].concat()
        );
        // A closed tour has no ends to reach: the last window is doubled.
        assert_eq!(
            windows(false, true, 16),
            [&[(NoEnd, 2)], &alternating[..], &[(Alternating, 16)]].concat()
        );
        assert_eq!(
            windows(false, false, 8),
            [(NoEnd, 2), (NoEnd, 4), (NoEnd, 8)]
        );
    }

    /// A king's open tour on a board whose pocket (a1, b1 behind b2) holds a triangle that
    /// only an end of the path can join, with 2 x 2 blocks of squares far from it: a window of
    /// two parts, around the pocket and around blocks, joins the blocks though the pocket's
    /// part has no model, where a window of one part would have none at all.
    #[test]
    fn a_window_joins_the_cycles_of_its_parts_that_can_be_joined() {
        let board: crate::core::board::Board = "..X.......\nX.X.......\n..........\n..........\n"
            .parse()
            .unwrap();
        let problem = Problem::new(board.clone(), Piece::King, TourShape::Open);
        let graph = CycleGraph::new(
            &problem,
            &crate::core::piece::MoveGraph::new(&board, Piece::King),
        );
        let at = |x, y| graph.vertex(board.square(x, y)).unwrap();
        let block = |x, y| vec![at(x, y), at(x + 1, y), at(x + 1, y + 1), at(x, y + 1)];
        let hub = graph.virtual_vertex().unwrap();
        let mut cycles = vec![
            vec![at(0, 0), at(1, 0), at(1, 1)],
            vec![at(0, 2), at(1, 2), at(2, 2), at(2, 3), at(1, 3), at(0, 3)],
            vec![hub, at(9, 0), at(9, 1), at(9, 2), at(9, 3)],
        ];
        for x in [3, 5, 7] {
            cycles.extend([block(x, 0), block(x, 2)]);
        }
        let protected = graph.forced_edge_flags();
        // The pocket's part: the three squares left of column 3; the blocks' part: columns 5-8.
        let mut distance = vec![u32::MAX; graph.vertex_count()];
        for (x, y) in (0..3).chain(5..9).flat_map(|x| (0..4).map(move |y| (x, y))) {
            if let Some(vertex) = graph.vertex(board.square(x, y)) {
                distance[vertex as usize] = 0;
            }
        }
        let window = Window::new(&graph, &cycles, &distance, &protected, false);
        assert_eq!(window.selectors.len(), 2, "two parts");
        let mut repair = LocalRepair::default();
        let outcome = window.solve(&graph, &protected, 1, None, u64::MAX, &mut repair);
        let Ok(WindowOutcome::Partly(joined)) = outcome else {
            panic!("the blocks' part joins its cycles");
        };
        assert!(joined.len() < cycles.len(), "{} cycles", joined.len());
        let pocket = [at(0, 0), at(1, 0), at(1, 1)];
        assert!(
            joined
                .iter()
                .any(|cycle| cycle.len() == 3 && pocket.iter().all(|v| cycle.contains(v))),
            "the pocket's triangle is left to another window"
        );
        let mut seen = vec![false; graph.vertex_count()];
        for cycle in &joined {
            for (position, &vertex) in cycle.iter().enumerate() {
                assert!(!std::mem::replace(&mut seen[vertex as usize], true));
                let next = cycle[(position + 1) % cycle.len()];
                assert!(graph.edge_between(vertex, next).is_some());
            }
        }
        assert!(seen.iter().all(|&seen| seen), "a 2-factor of the board");
    }

    /// The first window holds an open path's ends where the 2-factor put them: no free edge at
    /// the virtual vertex, where a window that frees them has one for every square inside; it
    /// still joins the cycles around the ends, and the windows after it free them.
    #[test]
    fn the_first_window_holds_the_ends_of_an_open_path() {
        let board: crate::core::board::Board = "......\n......\n......\n......\n".parse().unwrap();
        let problem = Problem::new(board.clone(), Piece::King, TourShape::Open);
        let graph = CycleGraph::new(
            &problem,
            &crate::core::piece::MoveGraph::new(&board, Piece::King),
        );
        let at = |x, y| graph.vertex(board.square(x, y)).unwrap();
        let hub = graph.virtual_vertex().unwrap();
        let block = |x, y| vec![at(x, y), at(x + 1, y), at(x + 1, y + 1), at(x, y + 1)];
        // The path from a1 up the first column and down the second to b1, and two blocks.
        let path = [
            at(0, 0),
            at(0, 1),
            at(0, 2),
            at(0, 3),
            at(1, 3),
            at(1, 2),
            at(1, 1),
        ];
        let mut cycles = vec![std::iter::once(hub)
            .chain(path)
            .chain([at(1, 0)])
            .collect::<Vec<_>>()];
        cycles.extend([block(2, 0), block(2, 2), block(4, 0), block(4, 2)]);
        let protected = graph.forced_edge_flags();
        let everywhere = vec![0; graph.vertex_count()];
        let at_hub = |window: &Window| {
            (window.free_edges.iter())
                .filter(|&&(edge, _)| {
                    let (a, b) = graph.edges()[edge as usize];
                    a == hub || b == hub
                })
                .count()
        };
        let free = Window::new(&graph, &cycles, &everywhere, &protected, false);
        assert_eq!(at_hub(&free), graph.square_count());
        let held = Window::new(&graph, &cycles, &everywhere, &protected, true);
        assert_eq!(at_hub(&held), 0);
        let mut repair = LocalRepair::default();
        let outcome = held.solve(&graph, &protected, 1, None, u64::MAX, &mut repair);
        let Ok(WindowOutcome::Fewer(joined)) = outcome else {
            panic!("the window joins the cycles with the ends held");
        };
        let [path] = joined.as_slice() else {
            panic!("{} cycles", joined.len());
        };
        let at_path = path.iter().position(|&vertex| vertex == hub).unwrap();
        let ends = [
            path[(at_path + 1) % path.len()],
            path[(at_path + path.len() - 1) % path.len()],
        ];
        assert!(
            ends.contains(&at(0, 0)) && ends.contains(&at(1, 0)),
            "{ends:?}"
        );
        let mut windows = WindowChooser::new(true, false);
        assert!(windows.holds_ends());
        windows.too_small();
        assert!(!windows.holds_ends());
    }

    #[test]
    fn the_shortest_cycle_left_passes_over_the_longest_and_those_set_aside() {
        let cycles = vec![vec![0, 1, 2, 3, 4], vec![5, 6, 7], vec![8, 9, 10, 11]];
        assert_eq!(shortest_cycle_left(&cycles, &[]), Some(1));
        assert_eq!(shortest_cycle_left(&cycles, &[6]), Some(2));
        assert_eq!(shortest_cycle_left(&cycles, &[6, 11]), None);
        assert_eq!(shortest_cycle_left(&cycles[..1], &[]), None);
    }
}
