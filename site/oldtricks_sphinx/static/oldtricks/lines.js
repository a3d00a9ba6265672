// The lines of play a viewer holds, as in a chess study: the main line (the scenario as written, or
// as replayed under another rule) and the side lines the reader played live, each leaving its parent
// line after one of its steps. Side lines can nest; the main line is never changed by them.
//
// A line is {id, parent, from, frames}: `frames` is the whole line from the deal (the steps it shares
// with its parent included), and `from` the index of the last step shared with the parent.

export class Lines {
  constructor(frames) {
    this.main = {id: "main", parent: null, from: -1, frames};
    this.all = new Map([["main", this.main]]);
    this.currentId = "main";
    this.version = 0;  // changes whenever a line is added or grows: the move list redraws then
    this.count = 0;
  }

  get current() { return this.all.get(this.currentId); }
  get(id) { return this.all.get(id); }

  /** The side lines that leave line `id`, in the order they were played. */
  childrenOf(id) { return [...this.all.values()].filter((line) => line.parent === id); }

  /** The moves of a line from the deal up to index `upto` (notation, as the engine reads them). */
  movesOf(id, upto) {
    return this.get(id).frames.slice(1, upto + 1).map((f) => f.move);
  }

  /**
   * The line that holds what was just played after index `i` of line `id` (`more`: the frames of the
   * steps after i). A side line played on from its last step grows; anywhere else a new side line
   * starts there. Returns the line, now current.
   */
  play(id, i, more) {
    const line = this.get(id);
    let target;
    if (line.parent !== null && i === line.frames.length - 1) {
      line.frames = line.frames.concat(more);
      target = line;
    } else {
      target = {id: `s${++this.count}`, parent: id, from: i, frames: line.frames.slice(0, i + 1).concat(more)};
      this.all.set(target.id, target);
    }
    this.currentId = target.id;
    this.version++;
    return target;
  }

  /** The lines from the main line down to the current one: [] on the main line, else the outermost
   * side line first. */
  chain() {
    const out = [];
    for (let line = this.current; line && line.parent !== null; line = this.get(line.parent)) out.unshift(line);
    return out;
  }

  /**
   * A link's form of the current line: `FROM:MOVE,MOVE,…` for a side line of the main line (the moves
   * after main-line index FROM), one such part per level for a side line of a side line, joined by
   * `/` (each FROM an index of the line before it), so that a nested line reopens nested; or "".
   */
  linkText() {
    const chain = this.chain();
    if (!chain.length) return "";
    const parts = chain.map((line, depth) => {
      const moves = line.frames.map((f) => f.move);
      let from = line.from;
      if (depth === 0) {
        // where the side line first differs from the main line (a move played as the book has it is no branch)
        const main = this.main.frames;
        from = 0;
        while (from + 1 < main.length && from + 1 < moves.length && main[from + 1].move === moves[from + 1]) from++;
      }
      return `${from}:${moves.slice(from + 1).map(encodeURIComponent).join(",")}`;
    });
    return parts.join("/");
  }
}

/** Read a link's line (`FROM:MOVE,…`, nested parts joined by `/`): [{from, moves}, …], outermost
 * first, or null when it is not one. */
export function parseLine(text) {
  const parts = String(text || "").split("/").map((part) => {
    const m = /^(\d+):(.*)$/.exec(part);
    if (!m) return null;
    try {
      const moves = m[2] ? m[2].split(",").map(decodeURIComponent) : [];
      return moves.length ? {from: Number(m[1]), moves} : null;
    } catch (e) {
      return null;
    }
  });
  return parts.length && parts.every((p) => p !== null) ? parts : null;
}
