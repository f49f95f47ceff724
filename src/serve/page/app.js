// toursat's page: a board editor on one canvas, the answers of /api/solve and /api/count
// drawn on it (the tour animated move by move, the reason of no tour), and exports; in its
// puzzle mode, a Simple Loop puzzle's verdict, grade and hints from /api/hint, stepped through
// on the board.
"use strict";

const $ = (id) => document.getElementById(id);
const base = $("board");
const overlay = $("overlay");
const baseContext = base.getContext("2d");
const overlayContext = overlay.getContext("2d");

// The board being edited, and the answer drawn on it.
const state = {
  rows: 8,
  cols: 8,
  blocked: new Uint8Array(64),
  start: null, // [x, y]
  end: null,
  answer: null, // the JSON document of the last solve, or null
  tours: [], // tours to show, each a list of [x, y]
  shown: 0, // index in tours
  frame: 0, // moves of the shown tour drawn
  playing: false,
  why: null,
  request: null, // {controller, id} of the request running
};

// Geometry of the drawing: cell size and the margin for file letters and rank numbers.
const view = { cell: 40, margin: 0 };

function setState(name) {
  document.body.dataset.state = name;
}

function index(x, y) {
  return y * state.cols + x;
}

function columnLetters(x) {
  let letters = "";
  let rest = x + 1;
  while (rest > 0) {
    rest -= 1;
    letters = String.fromCharCode(65 + (rest % 26)) + letters;
    rest = Math.floor(rest / 26);
  }
  return letters;
}

function squareName([x, y]) {
  return columnLetters(x) + (y + 1);
}

function pieceName() {
  const piece = $("piece").value;
  if (piece === "leaper") {
    return `leaper:${$("leap-a").value},${$("leap-b").value}`;
  }
  return piece;
}

// The piece's steps, as the library's Piece::steps.
function steps() {
  const piece = $("piece").value;
  if (piece === "rook") return [[1, 0], [-1, 0], [0, 1], [0, -1]];
  if (piece === "king") {
    return [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];
  }
  const [a, b] = piece === "knight" ? [1, 2] : [Number($("leap-a").value), Number($("leap-b").value)];
  const seen = new Set();
  const all = [];
  for (const [p, q] of [[a, b], [b, a]]) {
    for (const [sx, sy] of [[1, 1], [1, -1], [-1, 1], [-1, -1]]) {
      const step = [p * sx, q * sy];
      const key = step.join(",");
      if (!seen.has(key) && (step[0] || step[1])) {
        seen.add(key);
        all.push(step);
      }
    }
  }
  return all;
}

function isFree(x, y) {
  return x >= 0 && y >= 0 && x < state.cols && y < state.rows && !state.blocked[index(x, y)];
}

// ---- layout and drawing ----

// The margin for the labels beside squares of `cell` pixels, wide enough for the page's type
// (which grows with the window): none on boards too fine to label.
function marginFor(cell) {
  const type = parseFloat(getComputedStyle(document.documentElement).fontSize);
  return cell >= 14 ? Math.round(Math.max(1.8 * type, Math.min(48, 0.6 * cell))) : 0;
}

// The board fills the stage below the verdict: the largest squares (up to 160 pixels) with
// which the board and its labels fit.
function layout() {
  const stage = $("stage");
  const style = getComputedStyle(stage);
  const across = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  const down = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
  const verdict = $("verdict");
  const above = verdict.offsetHeight + parseFloat(getComputedStyle(verdict).marginBottom);
  const width = Math.max(100, stage.clientWidth - across - 2);
  const height = Math.max(100, stage.clientHeight - down - above - 2);
  const fit = (margin) => Math.floor(Math.min((width - margin) / state.cols, (height - margin) / state.rows));
  let cell = fit(30);
  cell = fit(marginFor(cell));
  view.cell = Math.max(2, Math.min(160, cell));
  view.margin = marginFor(view.cell);
  const w = view.margin + state.cols * view.cell + 1;
  const h = view.margin + state.rows * view.cell + 1;
  for (const canvas of [base, overlay]) {
    canvas.width = w;
    canvas.height = h;
  }
  $("layers").style.width = w + "px";
  $("layers").style.height = h + "px";
}

function centre([x, y]) {
  return [view.margin + (x + 0.5) * view.cell, view.margin + (y + 0.5) * view.cell];
}

function fillSquare(context, [x, y], colour) {
  context.fillStyle = colour;
  context.fillRect(view.margin + x * view.cell, view.margin + y * view.cell, view.cell, view.cell);
}

function outlineSquare(context, [x, y], colour, width) {
  context.strokeStyle = colour;
  context.lineWidth = width;
  const inset = width / 2;
  context.strokeRect(
    view.margin + x * view.cell + inset,
    view.margin + y * view.cell + inset,
    view.cell - width,
    view.cell - width,
  );
}

// The colours of a blocked square and of the two colours of free squares, as CSS and as RGB.
const colours = { blocked: "#3a3a3a", odd: "#e8e2d0", even: "#f8f5ec" };
const rgb = { blocked: [58, 58, 58], odd: [232, 226, 208], even: [248, 245, 236] };

function squareColour(x, y) {
  return state.blocked[index(x, y)] ? "blocked" : (x + y) % 2 ? "odd" : "even";
}

// The squares, one pixel each in an image scaled up to the cells: one drawing call for the
// whole board, however large.
function drawSquares(context) {
  const image = new ImageData(state.cols, state.rows);
  for (let y = 0; y < state.rows; y++) {
    for (let x = 0; x < state.cols; x++) {
      const at = 4 * index(x, y);
      image.data.set(rgb[squareColour(x, y)], at);
      image.data[at + 3] = 255;
    }
  }
  const pixels = document.createElement("canvas");
  pixels.width = state.cols;
  pixels.height = state.rows;
  pixels.getContext("2d").putImageData(image, 0, 0);
  context.imageSmoothingEnabled = false;
  context.drawImage(pixels, view.margin, view.margin, state.cols * view.cell, state.rows * view.cell);
}

// One square as drawBoard draws it (its colour and its grid lines), for an edit.
function drawSquare(context, [x, y]) {
  fillSquare(context, [x, y], colours[squareColour(x, y)]);
  if (view.cell >= 6) {
    context.strokeStyle = "#c9c2ad";
    context.lineWidth = 1;
    context.strokeRect(view.margin + x * view.cell + 0.5, view.margin + y * view.cell + 0.5, view.cell, view.cell);
  }
}

function drawBoard() {
  const context = baseContext;
  context.clearRect(0, 0, base.width, base.height);
  const { cell, margin } = view;
  drawSquares(context);
  if (cell >= 6) {
    context.strokeStyle = "#c9c2ad";
    context.lineWidth = 1;
    context.beginPath();
    for (let x = 0; x <= state.cols; x++) {
      context.moveTo(margin + x * cell + 0.5, margin);
      context.lineTo(margin + x * cell + 0.5, margin + state.rows * cell);
    }
    for (let y = 0; y <= state.rows; y++) {
      context.moveTo(margin, margin + y * cell + 0.5);
      context.lineTo(margin + state.cols * cell, margin + y * cell + 0.5);
    }
    context.stroke();
  }
  if (margin) {
    context.fillStyle = "#444";
    const type = Math.round(margin * 0.55);
    context.font = `${type}px sans-serif`;
    context.textAlign = "center";
    context.textBaseline = "middle";
    const every = Math.ceil((1.6 * type) / cell);
    for (let x = 0; x < state.cols; x += every) {
      context.fillText(columnLetters(x), margin + (x + 0.5) * cell, margin / 2);
    }
    for (let y = 0; y < state.rows; y += every) {
      context.fillText(String(y + 1), margin / 2, margin + (y + 0.5) * cell);
    }
  }
  drawEnds(context);
  if (state.why) drawReason(context, state.why);
}

// The width of the rings round the start and the end.
function ringWidth() {
  return Math.max(2, view.cell / 10);
}

// Rings the start and the end on the board; their letters go on the overlay, above all.
function drawEnds(context) {
  if (state.start) outlineSquare(context, state.start, "#1a8f2a", ringWidth());
  if (state.end) outlineSquare(context, state.end, "#b0207a", ringWidth());
  drawEndLetters(overlayContext);
}

// The box of the letter of an end on `square`: inside its ring, in the square's top left
// corner, clear of the move number at its centre.
function endLetterBox(square) {
  const size = Math.max(10, Math.floor(view.cell / 4));
  const inset = ringWidth() + 1;
  return {
    x: view.margin + square[0] * view.cell + inset,
    y: view.margin + square[1] * view.cell + inset,
    width: Math.ceil(size * 0.8),
    height: size,
  };
}

// The letters S and E of the ends, each on a white tab inside its ring, on the overlay so that
// no line or number covers them.
function drawEndLetters(context) {
  if (view.cell < 16) return;
  for (const [square, letter, colour] of [[state.start, "S", "#1a8f2a"], [state.end, "E", "#b0207a"]]) {
    if (!square) continue;
    const box = endLetterBox(square);
    context.clearRect(box.x, box.y, box.width, box.height);
    context.fillStyle = "#ffffff";
    context.fillRect(box.x, box.y, box.width, box.height);
    context.fillStyle = colour;
    context.font = `bold ${box.height}px sans-serif`;
    context.textAlign = "center";
    context.textBaseline = "middle";
    context.fillText(letter, box.x + box.width / 2, box.y + box.height / 2 + 1);
  }
}

// The reason of no tour, drawn: the squares it names, colour counts, sealed regions with the
// moves that would have to cross them.
function drawReason(context, why) {
  if (why.kind === "colour-count") {
    for (let y = 0; y < state.rows; y++) {
      for (let x = 0; x < state.cols; x++) {
        if (isFree(x, y)) fillSquare(context, [x, y], (x + y) % 2 ? "rgba(230,140,20,0.35)" : "rgba(40,110,220,0.3)");
      }
    }
  }
  for (const region of why.regions || []) {
    const inRegion = new Set(region.squares.map((square) => square.join(",")));
    for (const square of region.squares) fillSquare(context, square, "rgba(150,60,200,0.28)");
    const sealed = region.sealed_colour === "even" ? 0 : 1;
    context.strokeStyle = "#d01010";
    context.lineWidth = Math.max(1, view.cell / 12);
    context.setLineDash([Math.max(2, view.cell / 6), Math.max(2, view.cell / 8)]);
    context.beginPath();
    for (const [x, y] of region.squares) {
      if ((x + y) % 2 !== sealed) continue;
      for (const [dx, dy] of steps()) {
        const [tx, ty] = [x + dx, y + dy];
        if (isFree(tx, ty) && !inRegion.has(tx + "," + ty)) {
          const [ax, ay] = centre([x, y]);
          const [bx, by] = centre([tx, ty]);
          context.moveTo(ax, ay);
          context.lineTo(bx, by);
        }
      }
    }
    context.stroke();
    context.setLineDash([]);
  }
  // The squares the argument names (`reason_squares`, where the answer lists them apart).
  for (const square of (why.squares || []).concat(why.reason_squares || [])) {
    fillSquare(context, square, "rgba(220,20,20,0.35)");
    outlineSquare(context, square, "#d01010", Math.max(2, view.cell / 10));
  }
}

function currentTour() {
  return state.tours[state.shown] || [];
}

function isClosed() {
  return $("tour").value === "closed";
}

// Draws moves [from, to) of the shown tour on the board canvas, with the numbers of their
// squares.
function drawMoves(from, to) {
  const tour = currentTour();
  const context = baseContext;
  context.strokeStyle = "#c0392b";
  context.lineWidth = Math.max(1, Math.min(4, view.cell / 8));
  context.lineCap = "round";
  context.beginPath();
  for (let i = Math.max(1, from); i < to; i++) {
    const [ax, ay] = centre(tour[i - 1]);
    const [bx, by] = centre(tour[i]);
    context.moveTo(ax, ay);
    context.lineTo(bx, by);
  }
  if (to === tour.length && isClosed() && tour.length > 2 && from <= to) {
    const [ax, ay] = centre(tour[tour.length - 1]);
    const [bx, by] = centre(tour[0]);
    context.moveTo(ax, ay);
    context.lineTo(bx, by);
  }
  context.stroke();
  // Each number on a white disc above the lines, so that no line runs through it: the squares
  // of the new moves, and the first square again when the closing move reaches it.
  if (view.cell >= 18) {
    const numbered = [];
    for (let i = Math.max(0, from - 1); i < to; i++) numbered.push(i);
    if (to === tour.length && isClosed() && tour.length > 2 && from > 1) numbered.push(0);
    context.textAlign = "center";
    context.textBaseline = "middle";
    for (const i of numbered) {
      const [cx, cy] = centre(tour[i]);
      context.fillStyle = "#ffffff";
      context.beginPath();
      context.arc(cx, cy, view.cell * 0.3, 0, 2 * Math.PI);
      context.fill();
      context.fillStyle = "#111";
      context.font = `${Math.floor(view.cell / (i < 99 ? 3 : 4))}px sans-serif`;
      context.fillText(String(i + 1), cx, cy + 1);
    }
  }
}

// The overlay: the ring round the square the animation reached, then the ends' letters.
function drawCurrent() {
  overlayContext.clearRect(0, 0, overlay.width, overlay.height);
  const tour = currentTour();
  if (state.frame > 0 && tour.length) {
    const [cx, cy] = centre(tour[state.frame - 1]);
    overlayContext.strokeStyle = "#1560bd";
    overlayContext.lineWidth = Math.max(2, view.cell / 10);
    overlayContext.beginPath();
    overlayContext.arc(cx, cy, Math.max(3, view.cell * 0.42), 0, 2 * Math.PI);
    overlayContext.stroke();
  }
  drawEndLetters(overlayContext);
}

function redraw() {
  drawBoard();
  drawMoves(0, state.frame);
  if (inPuzzleMode() && puzzle.document) drawHints(baseContext);
  drawCurrent();
}

function showFrame(frame) {
  const tour = currentTour();
  frame = Math.max(0, Math.min(tour.length, frame));
  if (frame >= state.frame) {
    drawMoves(state.frame, frame);
    state.frame = frame;
  } else {
    state.frame = frame;
    redraw();
  }
  drawCurrent();
  $("move").textContent = String(state.frame);
  $("moves").textContent = String(tour.length);
  if (tour.length && state.frame === tour.length) {
    state.playing = false;
    $("play").textContent = "Play";
    $("tour-json").textContent = JSON.stringify(tour);
    setState("done");
  }
}

// ---- animation ----

let lastTick = 0;
let owed = 0;

function movesPerSecond() {
  return Math.round(Math.pow(10, Number($("speed").value) / 25));
}

function tick(now) {
  if (!state.playing) return;
  const elapsed = lastTick ? (now - lastTick) / 1000 : 0;
  lastTick = now;
  owed += elapsed * movesPerSecond();
  const moves = Math.floor(owed);
  if (moves > 0) {
    owed -= moves;
    showFrame(state.frame + moves);
  }
  if (state.playing) requestAnimationFrame(tick);
}

function play() {
  if (!currentTour().length) return;
  if (state.frame === currentTour().length) showFrame(0);
  state.playing = true;
  $("play").textContent = "Pause";
  setState("playing");
  lastTick = 0;
  owed = 1;
  requestAnimationFrame(tick);
}

function pause() {
  state.playing = false;
  $("play").textContent = "Play";
}

// ---- editing ----

function clearAnswer() {
  pause();
  state.answer = null;
  state.tours = [];
  state.shown = 0;
  state.frame = 0;
  state.why = null;
  $("tour-json").textContent = "";
  $("answer").textContent = "";
  $("reason").textContent = "";
  $("details").textContent = "";
  $("move").textContent = "0";
  $("moves").textContent = "0";
  $("next-tour").hidden = true;
  setState("idle");
}

function setBoard(rows, cols, blocked, start, end) {
  state.rows = rows;
  state.cols = cols;
  state.blocked = new Uint8Array(rows * cols);
  for (const [x, y] of blocked) state.blocked[index(x, y)] = 1;
  state.start = start || null;
  state.end = end || null;
  $("rows").value = rows;
  $("cols").value = cols;
  clearAnswer();
  layout();
  redraw();
}

function squareAt(event) {
  const bounds = base.getBoundingClientRect();
  const x = Math.floor((event.clientX - bounds.left - view.margin) / view.cell);
  const y = Math.floor((event.clientY - bounds.top - view.margin) / view.cell);
  return x >= 0 && y >= 0 && x < state.cols && y < state.rows ? [x, y] : null;
}

let painting = null; // the value a drag gives the squares it passes: 1 blocked, 0 free

function edit(square, first) {
  const mode = document.querySelector("input[name=mode]:checked").value;
  const at = index(...square);
  if (mode === "block") {
    if (first) painting = state.blocked[at] ? 0 : 1;
    if (state.blocked[at] === painting) return;
    state.blocked[at] = painting;
  } else if (first) {
    const same = (other) => other && other[0] === square[0] && other[1] === square[1];
    if (mode === "start") state.start = same(state.start) ? null : square;
    else state.end = same(state.end) ? null : square;
    if (mode === "end" && state.end) $("tour").value = "open";
  } else {
    return;
  }
  $("preset").value = "custom";
  // Blocking or freeing a square of a board with nothing drawn on it repaints that square only.
  const drawn = state.answer || state.tours.length || state.why;
  clearAnswer();
  if (drawn || mode !== "block") {
    layout();
    redraw();
  } else {
    drawSquare(baseContext, square);
    drawEnds(baseContext);
  }
}

base.addEventListener("mousedown", (event) => {
  if (inPuzzleMode()) return;
  const square = squareAt(event);
  if (square) edit(square, true);
});
base.addEventListener("mousemove", (event) => {
  if (painting === null || !(event.buttons & 1)) return;
  const square = squareAt(event);
  if (square) edit(square, false);
});
window.addEventListener("mouseup", () => {
  painting = null;
});

// ---- requests ----

function problemBody() {
  const blocked = [];
  for (let y = 0; y < state.rows; y++) {
    for (let x = 0; x < state.cols; x++) if (state.blocked[index(x, y)]) blocked.push([x, y]);
  }
  const body = {
    rows: state.rows,
    cols: state.cols,
    blocked,
    piece: pieceName(),
    tour: $("tour").value,
    start: state.start,
    end: $("tour").value === "open" ? state.end : null,
  };
  const timeout = Number($("timeout").value);
  if ($("timeout").value !== "" && timeout >= 0) body.timeout = timeout;
  return body;
}

// POSTs (or GETs, without a body) and reads the JSON answer: [status, document].
async function call(path, body, signal) {
  const options = body === undefined ? { signal } : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  };
  const response = await fetch(path, options);
  return [response.status, await response.json()];
}

async function run(path, extra, show) {
  if (state.request) return;
  clearAnswer();
  const controller = new AbortController();
  const id = Math.random().toString(36).slice(2) + Date.now().toString(36);
  state.request = { controller, id };
  $("stop").disabled = false;
  $("solve").disabled = $("count").disabled = true;
  startClock(path === "/api/count" ? "counting" : "solving");
  setState("solving");
  try {
    const [status, document] = await call(path, { ...problemBody(), ...extra, id }, controller.signal);
    if (status !== 200) {
      $("answer").textContent = `refused (${status})`;
      $("reason").textContent = document.error;
      setState("error");
    } else {
      show(document);
    }
  } catch (error) {
    if (error.name === "AbortError") {
      $("answer").textContent = "stopped";
      setState("stopped");
    } else {
      $("answer").textContent = "the server did not answer";
      $("reason").textContent = String(error);
      setState("error");
    }
  } finally {
    stopClock();
    state.request = null;
    $("stop").disabled = true;
    $("solve").disabled = $("count").disabled = false;
  }
}

// ---- words ----

// A count and its noun, agreeing: "1 tour", "2 tours".
function countOf(count, one, many) {
  return `${count} ${String(count) === "1" ? one : many}`;
}

// The engines as a person says them.
const engineWords = {
  sat: "the SAT solver",
  dfs: "depth-first search",
  "dfs-lex": "depth-first search",
  construct: "construction",
  auto: "the SAT solver",
};

// The arguments of no tour (the `why.kind` of the JSON) as a person says them.
const argumentWords = {
  "too-few-squares": "counting squares",
  "colour-count": "counting the squares of each colour",
  "too-few-moves": "a square with too few moves",
  "too-many-dead-ends": "counting dead ends",
  disconnected: "the board falling apart in pieces",
  "cut-square": "a square that cuts the board in two",
  "end-pockets": "the pockets an open tour's ends must lie in",
  "move-shortage": "counting moves",
  "forced-moves": "following the moves forced at squares with two moves left",
  "no-two-factor": "no way to give every square two moves",
  "sealed-regions": "a sealed region",
  theorem: "a theorem on knights' tours",
  exhausted: "searching every path",
  unsatisfiable: "the SAT solver",
};

// How the answer was reached and how long it took, in words.
function howWords(document) {
  const stats = document.statistics;
  if (!stats) return "";
  const time = `in ${stats.seconds < 0.001 ? "under a millisecond" : stats.seconds.toFixed(3) + " s"}`;
  if (document.answer === "no tour") {
    const kind = document.why && document.why.kind;
    return `proved impossible by ${argumentWords[kind] || kind || "a proof"}, ${time}`;
  }
  const engine = engineWords[stats.engine.split(":")[0]] || stats.engine;
  return document.answer === "found" ? `found by ${engine} ${time}` : `${engine} stopped ${time}`;
}

// While a request runs, the answer counts the seconds: "solving… 3.2 s".
let clock = null;

function startClock(doing) {
  const started = performance.now();
  const show = () => {
    $("answer").textContent = `${doing}… ${((performance.now() - started) / 1000).toFixed(1)} s`;
  };
  show();
  clock = setInterval(show, 100);
}

function stopClock() {
  clearInterval(clock);
  clock = null;
}

function showSolution(document) {
  state.answer = document;
  $("details").textContent = howWords(document);
  if (document.answer === "found") {
    state.tours = [document.tour];
    $("answer").textContent = `tour found: ${document.tour.length} squares, verified`;
    layout();
    redraw();
    play();
  } else if (document.answer === "no tour") {
    state.why = document.why;
    $("answer").textContent = "no tour";
    $("reason").textContent = document.reason;
    layout();
    redraw();
    setState("no-tour");
  } else {
    $("answer").textContent = "stopped before an answer";
    $("reason").textContent = document.reason;
    setState("stopped");
  }
}

function showCount(document) {
  const found = document.distinct.length;
  let words;
  if (document.unique === true) words = "unique: exactly one tour";
  else if (document.unique === false) words = "not unique";
  else if (found === 0 && document.complete) words = "no tour";
  else words = "uniqueness not known within the time limit";
  const number = document.tours !== null ? countOf(document.tours, "tour", "tours") : `not counted (${document.uncounted})`;
  $("answer").textContent = `${number}; ${words}`;
  state.tours = document.distinct;
  if (found) {
    $("details").textContent = `showing tour 1 of the ${found} found` + (found > 1 ? ": Next tour shows the other" : "");
    $("next-tour").hidden = found < 2;
    layout();
    redraw();
    play();
  } else {
    layout();
    redraw();
    setState(document.complete ? "no-tour" : "stopped");
  }
}

$("solve").addEventListener("click", () => run("/api/solve", {}, showSolution));
$("count").addEventListener("click", () => run("/api/count", { limit: 2 }, showCount));
// Stops the request running: aborted in the browser, its worker killed by the server.
function stopRequest() {
  if (!state.request) return;
  const { controller, id } = state.request;
  controller.abort();
  call("/api/cancel", { id }).catch(() => {});
}

$("stop").addEventListener("click", stopRequest);
// A tab closed, reloaded or navigated away cancels its request, so that the server kills the
// work nobody waits for: a beacon is sent even as the page goes away.
window.addEventListener("pagehide", () => {
  if (state.request) navigator.sendBeacon("/api/cancel", JSON.stringify({ id: state.request.id }));
});

$("play").addEventListener("click", () => (state.playing ? pause() : play()));
$("step").addEventListener("click", () => {
  pause();
  showFrame(state.frame + 1);
});
$("to-end").addEventListener("click", () => {
  pause();
  showFrame(currentTour().length);
});
$("next-tour").addEventListener("click", () => {
  pause();
  state.shown = (state.shown + 1) % state.tours.length;
  state.frame = 0;
  $("details").textContent = `showing tour ${state.shown + 1} of the ${state.tours.length} found`;
  redraw();
  play();
});

// ---- boards: size, presets, files ----

$("resize").addEventListener("click", () => {
  const rows = Math.max(1, Math.floor(Number($("rows").value)) || 1);
  const cols = Math.max(1, Math.floor(Number($("cols").value)) || 1);
  setBoard(rows, cols, [], null, null);
  $("preset").value = "custom";
});

function choose(piece, tour) {
  $("piece").value = piece;
  $("tour").value = tour;
  $("leap").hidden = piece !== "leaper";
}

async function readBoardText(text) {
  const [status, board] = await call("/api/board", { text });
  if (status !== 200) {
    $("answer").textContent = `not a board (${status})`;
    $("reason").textContent = board.error;
    setState("error");
    return;
  }
  setBoard(board.rows, board.cols, board.blocked, board.start, board.end);
  if (board.end) $("tour").value = "open";
  $("preset").value = "custom";
  // A Simple Loop puzzle is waiting in the Puzzle tab too.
  if (/simpleloop|pzprv3/i.test(text)) {
    $("puzzle-text").value = text;
    $("details").textContent = "A Simple Loop puzzle: the Puzzle tab grades it and steps through its hints.";
  }
}

async function generated(kind, rows, cols, piece, tour) {
  $("answer").textContent = "generating…";
  const [status, board] = await call("/api/gen", { kind, rows, cols, seed: 1, piece });
  if (status !== 200) {
    $("answer").textContent = `no board (${status})`;
    $("reason").textContent = board.error;
    return;
  }
  choose(piece, tour);
  setBoard(board.rows, board.cols, board.blocked, null, null);
}

const presets = {
  empty8: () => (choose("knight", "closed"), setBoard(8, 8, [], null, null)),
  rook1: () => (choose("rook", "closed"), setBoard(4, 4, [[1, 2], [3, 0]], [0, 0], null)),
  rook4: () => (choose("rook", "closed"), setBoard(4, 4, [[0, 3], [2, 2]], [1, 2], null)),
  rook5: () => (choose("rook", "closed"), setBoard(8, 8, [], [0, 0], null)),
  knight8: () => (choose("knight", "open"), setBoard(8, 8, [], [0, 0], null)),
  knight56: () => (choose("knight", "open"), setBoard(5, 6, [], [3, 0], null)),
  journey: () => (choose("knight", "open"), setBoard(4, 3, [], null, null)),
  region: () => generated("region", 30, 30, "rook", "closed"),
  planted: () => generated("planted", 40, 40, "rook", "closed"),
  holes: () => generated("holes", 20, 20, "knight", "open"),
};

$("preset").addEventListener("change", () => {
  const preset = presets[$("preset").value];
  if (preset) preset();
});
$("piece").addEventListener("change", () => {
  $("leap").hidden = $("piece").value !== "leaper";
  clearAnswer();
  redraw();
});
$("tour").addEventListener("change", () => {
  clearAnswer();
  redraw();
});
$("load").addEventListener("change", async () => {
  const file = $("load").files[0];
  if (file) await readBoardText(await file.text());
});
$("read-paste").addEventListener("click", () => readBoardText($("paste").value));

// ---- exports ----

function download(name, type, data) {
  const link = document.createElement("a");
  link.href = typeof data === "string" && data.startsWith("data:") ? data : URL.createObjectURL(new Blob([data], { type }));
  link.download = name;
  link.click();
}

function boardText() {
  let text = "";
  for (let y = 0; y < state.rows; y++) {
    for (let x = 0; x < state.cols; x++) {
      const here = (square) => square && square[0] === x && square[1] === y;
      text += here(state.start) ? "S" : here(state.end) ? "E" : state.blocked[index(x, y)] ? "X" : ".";
    }
    text += "\n";
  }
  return text;
}

function tourText(format) {
  const tour = currentTour();
  if (format === "names") return tour.map(squareName).join("") + "\n";
  if (format === "numbers") return tour.map(([x, y]) => y * state.cols + x + 1).join(" ") + "\n";
  if (format === "moves") {
    const closed = isClosed() ? [tour[0]] : [];
    const path = tour.concat(closed);
    let letters = "";
    for (let i = 1; i < path.length; i++) {
      const [dx, dy] = [path[i][0] - path[i - 1][0], path[i][1] - path[i - 1][1]];
      letters += dx === 1 ? "E" : dx === -1 ? "W" : dy === 1 ? "S" : "N";
    }
    return (letters.match(/.{1,40}/g) || []).join("\n") + "\n";
  }
  return tour.map(([x, y]) => `${x},${y}`).join("\n") + "\n";
}

function caption() {
  return [$("answer").textContent, $("reason").textContent].filter(Boolean).join(": ");
}

// `text` cut into lines of at most `width` characters, at spaces.
function wrapWords(text, width) {
  const lines = [""];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const line = lines[lines.length - 1];
    if (line && line.length + 1 + word.length > width) lines.push(word);
    else lines[lines.length - 1] = line ? `${line} ${word}` : word;
  }
  return lines;
}

function escapeXml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

// The picture the SVG export saves, legible at its natural size: the board with its file
// letters and rank numbers, the tour drawn so far with its move numbers on white discs, the
// ends ringed and lettered, the squares a reason names, the answer as a caption wrapped within
// the width, and a legend of what is drawn.
function svgText() {
  const font = 14;
  const character = 0.55 * font;
  const cell = Math.max(6, Math.min(48, Math.floor(1000 / Math.max(state.rows, state.cols))));
  const margin = 32;
  const boardWidth = state.cols * cell;
  const width = Math.max(margin + boardWidth + 8, 420);
  const lines = wrapWords(caption(), Math.floor((width - 16) / character));
  const tour = currentTour().slice(0, state.frame);
  const named = state.why ? (state.why.squares || []).concat(state.why.reason_squares || []) : [];
  const legend = [];
  if (tour.length) legend.push(['<line x1="0" y1="0" x2="28" y2="0" stroke="#c0392b" stroke-width="3"/>', cell >= 24 ? "the tour; the numbers give its order" : "the tour"]);
  const ring = (colour) => `<rect x="4" y="-9" width="18" height="18" fill="none" stroke="${colour}" stroke-width="3"/>`;
  if (state.start) legend.push([ring("#1a8f2a"), "start (S)"]);
  if (state.end) legend.push([ring("#b0207a"), "end (E)"]);
  if (state.blocked.some((blocked) => blocked)) legend.push(['<rect x="4" y="-9" width="18" height="18" fill="#3a3a3a"/>', "blocked square"]);
  if (named.length) legend.push(['<rect x="4" y="-9" width="18" height="18" fill="#d01010" fill-opacity="0.35"/>', "a square the reason names"]);
  const top = margin + state.rows * cell + 8;
  const height = top + 20 * (lines.length + legend.length) + 8;
  const x0 = margin;
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="sans-serif">`];
  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  for (let y = 0; y < state.rows; y++) {
    for (let x = 0; x < state.cols; x++) {
      const fill = state.blocked[index(x, y)] ? "#3a3a3a" : (x + y) % 2 ? "#e8e2d0" : "#f8f5ec";
      parts.push(`<rect x="${x0 + x * cell}" y="${margin + y * cell}" width="${cell}" height="${cell}" fill="${fill}"/>`);
    }
  }
  const every = Math.max(1, Math.ceil(24 / cell));
  parts.push(`<g class="labels" font-size="${font}" text-anchor="middle" fill="#444">`);
  for (let x = 0; x < state.cols; x += every) parts.push(`<text x="${x0 + (x + 0.5) * cell}" y="${margin - 10}">${columnLetters(x)}</text>`);
  for (let y = 0; y < state.rows; y += every) parts.push(`<text x="${margin / 2}" y="${margin + (y + 0.5) * cell + 5}">${y + 1}</text>`);
  parts.push("</g>");
  for (const square of named) {
    parts.push(`<rect x="${x0 + square[0] * cell}" y="${margin + square[1] * cell}" width="${cell}" height="${cell}" fill="#d01010" fill-opacity="0.35"/>`);
  }
  const centreOf = ([x, y]) => [x0 + (x + 0.5) * cell, margin + (y + 0.5) * cell];
  if (tour.length) {
    const shape = tour.length === currentTour().length && isClosed() ? "polygon" : "polyline";
    const points = tour.map((square) => centreOf(square).join(",")).join(" ");
    parts.push(`<${shape} points="${points}" fill="none" stroke="#c0392b" stroke-width="3" stroke-linejoin="round"/>`);
  }
  for (const [square, colour] of [[state.start, "#1a8f2a"], [state.end, "#b0207a"]]) {
    if (square) parts.push(`<rect x="${x0 + square[0] * cell + 1.5}" y="${margin + square[1] * cell + 1.5}" width="${cell - 3}" height="${cell - 3}" fill="none" stroke="${colour}" stroke-width="3"/>`);
  }
  if (cell >= 24 && tour.length) {
    parts.push(`<g class="visit-numbers" text-anchor="middle" fill="#111">`);
    tour.forEach((square, i) => {
      const [cx, cy] = centreOf(square);
      const size = Math.max(10, Math.round(cell * (i < 99 ? 0.36 : 0.28)));
      parts.push(`<circle cx="${cx}" cy="${cy}" r="${cell * 0.3}" fill="#ffffff"/><text x="${cx}" y="${cy + size * 0.35}" font-size="${size}">${i + 1}</text>`);
    });
    parts.push("</g>");
  }
  if (cell >= 16) {
    for (const [square, letter, colour] of [[state.start, "S", "#1a8f2a"], [state.end, "E", "#b0207a"]]) {
      if (square) parts.push(`<text x="${x0 + square[0] * cell + 5}" y="${margin + square[1] * cell + 4 + Math.max(10, cell / 4)}" font-size="${Math.max(10, Math.floor(cell / 4))}" font-weight="bold" fill="${colour}">${letter}</text>`);
    }
  }
  parts.push(`<g class="caption" font-size="${font}">`);
  lines.forEach((line, i) => parts.push(`<text x="8" y="${top + 20 * (i + 1) - 5}">${escapeXml(line)}</text>`));
  parts.push("</g>", `<g class="legend" font-size="${font}">`);
  legend.forEach(([swatch, words], i) => {
    const y = top + 20 * (lines.length + i) + 10;
    parts.push(`<g transform="translate(8 ${y})">${swatch}<text x="36" y="5">${escapeXml(words)}</text></g>`);
  });
  parts.push("</g>", "</svg>\n");
  return parts.join("\n");
}

$("save-board").addEventListener("click", () => download("board.txt", "text/plain", boardText()));
$("save-tour").addEventListener("click", () => {
  if (currentTour().length) download("tour.txt", "text/plain", tourText($("tour-format").value));
});
$("save-svg").addEventListener("click", () => download("board.svg", "image/svg+xml", svgText()));
$("save-png").addEventListener("click", () => {
  const both = document.createElement("canvas");
  both.width = base.width;
  both.height = base.height;
  const context = both.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, both.width, both.height);
  context.drawImage(base, 0, 0);
  context.drawImage(overlay, 0, 0);
  download("board.png", "image/png", both.toDataURL("image/png"));
});

// ---- the puzzle mode ----

// The puzzle asked of /api/hint and the hints shown: `document` is its answer (the board, its
// puzz.link URL, the verdict of `toursat unique`, the path of `toursat hint --all`), `shown`
// the steps drawn, `drawn` the lines and crosses the last drawing made.
const puzzle = { document: null, shown: 0, drawn: { lines: 0, crosses: 0 } };

function inPuzzleMode() {
  return document.body.dataset.mode === "puzzle";
}

// The rules as a person says them (docs/puzzles.md, the table of rules).
const ruleWords = {
  "two-open-neighbours": "two open neighbours",
  "full-cell": "a full cell",
  "no-early-close": "no early closing",
  "dead-end": "a dead end",
  "even-crossings": "even crossings",
  "colour-count": "the colour count",
  "only-two-ways": "the only two ways",
  "colour-pairing": "colour pairing",
};

// The rules of `level` the path takes, in words, each once, in the order first taken.
function rulesOfLevel(path, level) {
  const rules = [];
  for (const step of path.steps) {
    const words = ruleWords[step.rule] || step.rule;
    if (step.level === level && !rules.includes(words)) rules.push(words);
  }
  return rules.length > 1 ? rules.slice(0, -1).join(", ") + " and " + rules[rules.length - 1] : rules[0] || "";
}

// The verdict and the grade in one plain line: "One loop, graded hard: needs the colour count".
function puzzleLine(document) {
  const path = document.path;
  const steps = countOf(path.step_count, "step", "steps");
  const answer = document.verdict.answer;
  if (answer === "no tour") {
    if (path.end !== "no loop") return "No loop";
    return `No loop: the rules show it ${path.step_count ? "after " + steps : "at once"}`;
  }
  if (answer === "not unique") return `Several loops, so no grade: the rules stop after ${steps}`;
  const graded = {
    easy: "graded easy: the local rules draw it",
    medium: `graded medium: needs ${rulesOfLevel(path, "medium")}`,
    hard: `graded hard: needs ${rulesOfLevel(path, "hard")}`,
    "needs-trial": `graded needs-trial: the rules stop after ${steps}, so a person has to try a move`,
  };
  return `One loop, ${graded[path.grade] || "graded " + path.grade}`;
}

// The centre of the move between two squares.
function middle(a, b) {
  const [ax, ay] = centre(a);
  const [bx, by] = centre(b);
  return [(ax + bx) / 2, (ay + by) / 2];
}

// Draws the first `puzzle.shown` steps: the cells the current step reads on a yellow ground,
// the moves decided used as lines and excluded as small crosses, the current step's in blue
// and red; counts what it drew in `puzzle.drawn`.
function drawHints(context) {
  const steps = puzzle.document.path.steps.slice(0, puzzle.shown);
  const current = steps[steps.length - 1];
  for (const cell of current ? current.cells : []) fillSquare(context, cell, "rgba(255,210,31,0.55)");
  const kinds = { used: [], excluded: [], "step-used": [], "step-excluded": [] };
  steps.forEach((step) => {
    const now = step === current ? "step-" : "";
    kinds[now + "used"].push(...step.used);
    kinds[now + "excluded"].push(...step.excluded);
  });
  context.lineCap = "round";
  context.lineWidth = Math.max(2, Math.min(8, view.cell / 7));
  for (const [kind, colour] of [["used", "#1a1a1a"], ["step-used", "#1f5fbf"]]) {
    context.strokeStyle = colour;
    context.beginPath();
    for (const [a, b] of kinds[kind]) {
      context.moveTo(...centre(a));
      context.lineTo(...centre(b));
    }
    context.stroke();
  }
  const arm = Math.max(2, view.cell * 0.12);
  for (const [kind, colour] of [["excluded", "#8a8a8a"], ["step-excluded", "#d03030"]]) {
    context.strokeStyle = colour;
    context.lineWidth = Math.max(1.5, Math.min(3, view.cell / 16));
    context.beginPath();
    for (const [a, b] of kinds[kind]) {
      const [x, y] = middle(a, b);
      context.moveTo(x - arm, y - arm);
      context.lineTo(x + arm, y + arm);
      context.moveTo(x + arm, y - arm);
      context.lineTo(x - arm, y + arm);
    }
    context.stroke();
  }
  // After the last step, the cells where the rules stop (or find no way round) ringed in red.
  if (puzzle.shown === puzzle.document.path.steps.length) {
    for (const cell of puzzle.document.path.end_cells) outlineSquare(context, cell, "#d01010", Math.max(2, view.cell / 10));
  }
  puzzle.drawn = {
    lines: kinds.used.length + kinds["step-used"].length,
    crosses: kinds.excluded.length + kinds["step-excluded"].length,
  };
}

// How the whole path ends, in words.
function endWords(path) {
  if (path.end === "solved") return "the rules draw the only loop";
  if (path.end === "no loop") return "the rules find no way round the cells ringed in red";
  return `no rule decides the moves of the ${countOf(path.end_cells.length, "cell", "cells")} ringed in red: a person has to try a move`;
}

// Shows the first `count` steps (cut to the path) on the board, the last one's sentence above.
function showHint(count) {
  const steps = puzzle.document.path.steps;
  puzzle.shown = Math.max(0, Math.min(steps.length, count));
  const step = steps[puzzle.shown - 1];
  const path = puzzle.document.path;
  let words = steps.length ? "Forward shows the first step." : `No rule applies: ${endWords(path)}.`;
  if (step) {
    words = `Step ${puzzle.shown} of ${steps.length} (${ruleWords[step.rule] || step.rule}, ${step.level}): ${step.sentence}`;
    if (puzzle.shown === steps.length) words += ` Then ${endWords(path)}.`;
  }
  $("hint-words").textContent = words;
  $("hint-step").textContent = String(puzzle.shown);
  $("hint-steps").textContent = String(steps.length);
  $("hint-back").disabled = $("hint-none").disabled = puzzle.shown === 0;
  $("hint-forward").disabled = $("hint-all").disabled = puzzle.shown === steps.length;
  redraw();
}

// Shows a puzzle's answer: its board, the verdict and grade in a line, the proof's words.
function showPuzzle(document) {
  choose("rook", "closed");
  const board = document.board;
  setBoard(board.rows, board.cols, board.blocked, null, null);
  $("preset").value = "custom";
  puzzle.document = document;
  $("answer").textContent = puzzleLine(document);
  const grade = document.path.grade;
  $("details").textContent = `${document.verdict_words}; the rules: ${grade}, ${countOf(document.path.step_count, "step", "steps")}, the hardest of level ${document.path.hardest_level}`;
  $("puzzle-export").disabled = false;
  $("puzzle-url").value = "";
  showHint(0);
  setState("puzzle");
}

// Asks /api/hint about the puzzle pasted: its verdict, grade and steps.
async function checkPuzzle() {
  if (state.request) return;
  const controller = new AbortController();
  const id = Math.random().toString(36).slice(2) + Date.now().toString(36);
  state.request = { controller, id };
  puzzle.document = null;
  clearAnswer();
  $("hint-words").textContent = "";
  $("puzzle-export").disabled = true;
  for (const button of ["hint-back", "hint-forward", "hint-all", "hint-none"]) $(button).disabled = true;
  $("puzzle-stop").disabled = false;
  $("puzzle-check").disabled = true;
  startClock("reasoning");
  setState("solving");
  try {
    const [status, document] = await call("/api/hint", { text: $("puzzle-text").value, id }, controller.signal);
    stopClock();
    if (status !== 200) {
      $("answer").textContent = status === 400 ? `not a puzzle (${status})` : `refused (${status})`;
      $("hint-words").textContent = document.error;
      setState("error");
    } else {
      showPuzzle(document);
    }
  } catch (error) {
    stopClock();
    $("answer").textContent = error.name === "AbortError" ? "stopped" : "the server did not answer";
    if (error.name !== "AbortError") $("hint-words").textContent = String(error);
    setState(error.name === "AbortError" ? "stopped" : "error");
  } finally {
    state.request = null;
    $("puzzle-stop").disabled = true;
    $("puzzle-check").disabled = false;
    redraw();
  }
}

// Switches between the tour solver ("tours") and the puzzle mode ("puzzle").
function setMode(mode) {
  if (state.request || mode === document.body.dataset.mode) return;
  document.body.dataset.mode = mode;
  $("tab-tours").setAttribute("aria-pressed", String(mode === "tours"));
  $("tab-puzzle").setAttribute("aria-pressed", String(mode === "puzzle"));
  if (mode === "puzzle" && puzzle.document) {
    showPuzzle(puzzle.document);
  } else {
    clearAnswer();
    if (mode === "puzzle") $("answer").textContent = "Paste a Simple Loop puzzle, press Check puzzle.";
    layout();
    redraw();
  }
}

$("tab-tours").addEventListener("click", () => setMode("tours"));
$("tab-puzzle").addEventListener("click", () => setMode("puzzle"));
$("puzzle-check").addEventListener("click", checkPuzzle);
$("puzzle-stop").addEventListener("click", stopRequest);
$("hint-back").addEventListener("click", () => showHint(puzzle.shown - 1));
$("hint-forward").addEventListener("click", () => showHint(puzzle.shown + 1));
$("hint-all").addEventListener("click", () => showHint(Infinity));
$("hint-none").addEventListener("click", () => showHint(0));
$("puzzle-export").addEventListener("click", () => {
  const field = $("puzzle-url");
  field.value = puzzle.document.url;
  field.focus();
  field.select();
  if (navigator.clipboard) navigator.clipboard.writeText(field.value).catch(() => {});
});
// The arrow keys step through the hints, unless a field has the keyboard.
document.addEventListener("keydown", (event) => {
  if (!inPuzzleMode() || !puzzle.document || event.target.matches("input, textarea, select")) return;
  if (event.key === "ArrowRight") showHint(puzzle.shown + 1);
  else if (event.key === "ArrowLeft") showHint(puzzle.shown - 1);
  else return;
  event.preventDefault();
});

window.addEventListener("resize", () => {
  layout();
  redraw();
});

$("leap").hidden = true;
choose("knight", "closed");
layout();
redraw();
