// A FAKE live engine for the widget dev page only (never imported by widget.js).
// It mimics the API of ../oldtricks_sphinx/static/oldtricks/live.js with canned, rule-less answers:
// open() returns the sample frames; play() makes up frames (bots play their first legal card).
// A move containing a "7" is refused, to exercise the error path.
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
let enginePromise = null;

function clone(x) { return JSON.parse(JSON.stringify(x)); }

function isCardText(m) { return /^[2-9TJQKAUO][ALHBCDS]$/.test(m); }

function makeEngine(samples) {
  const games = new Map();
  function advance(frame, move, pattern) {
    const f = clone(frame);
    const n = f.seats.length;
    const seat = f.turn;
    const name = f.seats[seat].name;
    f.step += 1; f.move = move; f.mover = seat; f.note = ""; f.ids = []; f.centre = [];
    f.events = [`${name} plays ${move} (fake engine).`];
    if (isCardText(move)) {
      const hand = f.seats[seat].hand;
      hand.cards = hand.cards.filter((c) => c !== move);
      hand.count = hand.cards.length;
      if (f.trick.complete || f.table.length === 0) {
        f.table = [];
        f.trick = {number: f.trick.number + 1, leader: seat, winner: null, complete: false};
      }
      f.table.push({seat, card: move});
      if (f.table.length === n) {
        const order = pattern === "french" ? "23456789TJQKA" : "6789TUOKA";
        const best = f.table.reduce((a, b) => (order.indexOf(b.card[0]) > order.indexOf(a.card[0]) ? b : a));
        f.trick.complete = true; f.trick.winner = best.seat;
        f.seats[best.seat].won.tricks += 1; f.seats[best.seat].won.count += n;
        f.events.push(`${f.seats[best.seat].name} wins the trick (fake: highest rank).`);
        f.turn = best.seat;
      } else {
        f.turn = (seat + 1) % n;
      }
    } else {
      f.turn = (seat + 1) % n;
    }
    const next = f.seats[f.turn].hand;
    f.legal = next.layout === "pile" ? next.cards.slice(0, 1) : next.cards.slice();
    if (f.seats.some((s) => s.hand.cards.length === 0) && (f.trick.complete || f.seats.every((s) => !s.hand.cards.length))) {
      const best = f.seats.reduce((a, b) => (b.won.tricks > a.won.tricks ? b : a)).seat;
      f.outcome = {kind: "win", winners: [best], losers: f.seats.map((s) => s.seat).filter((s) => s !== best),
        text: `${f.seats[best].name} wins (fake engine).`, cycle: null};
      f.turn = null; f.legal = [];
    }
    return f;
  }
  return {
    async open(key, spec, options) {
      await wait(250);
      const sample = samples.find((s) => s.id === key);
      if (!sample) return {ok: false, error: `no scenario ${key}`, rule: null};
      let frames = clone(sample.frames);
      const changed = Object.entries(options || {});
      if (changed.length) {
        frames = frames.slice(0, Math.max(3, Math.floor(frames.length * 0.6)));
        for (const f of frames) {
          f.info.push(["Option", changed.map(([k, v]) => `${k}=${v}`).join(", ")]);
          f.note = `(fake engine with ${changed.map(([k, v]) => `${k}=${v}`).join(", ")}) ${f.note}`;
        }
      }
      games.set(key, {frames, pattern: sample.pattern, rules: Object.keys(sample.rules || {})});
      return {ok: true, frames: clone(frames)};
    },
    async play(key, step, move, bots) {
      await wait(300);
      const g = games.get(key);
      if (!g) return {ok: false, error: "open the scenario first", rule: null};
      const base = g.frames.find((f) => f.step === step);
      if (!base) return {ok: false, error: `no step ${step}`, rule: null};
      if (!base.legal.includes(move)) return {ok: false, error: `${move} is not a legal move here.`, rule: g.rules[0] || null};
      if (move.includes("7")) {
        return {ok: false, error: "The fake engine refuses sevens (this tests the error path).", rule: g.rules[g.rules.length > 2 ? 2 : 0] || null};
      }
      const out = [advance(base, move, g.pattern)];
      while (out.length < 80) {
        const last = out[out.length - 1];
        if (last.outcome || last.turn === null || !bots.includes(last.turn) || !last.legal.length) break;
        out.push(advance(last, last.legal[0], g.pattern));
      }
      g.frames = g.frames.filter((f) => f.step <= step).concat(out);
      return {ok: true, frames: clone(out)};
    },
  };
}

export function getEngine({onProgress} = {}) {
  if (!enginePromise) {
    enginePromise = (async () => {
      const labels = ["Starting the worker", "Loading Python", "Loading the rules engine", "Ready"];
      for (let i = 0; i < labels.length; i++) {
        if (onProgress) onProgress(i / (labels.length - 1), labels[i]);
        await wait(250);
      }
      const samples = await (await fetch(new URL("./sample-frames.json", import.meta.url))).json();
      return makeEngine(samples);
    })();
  }
  return enginePromise;
}
