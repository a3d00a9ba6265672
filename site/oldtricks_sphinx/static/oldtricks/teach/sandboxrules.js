// The rules chosen in the sandbox's form against the game's own: the game as played and its moves replayed
// under the form's rules, side by side (compare.js), and a deal where they part, found by the engine.
//
// Exports: compareRules(sb), findParting(sb, label); `sb` is the Sandbox (sandbox.js), whose methods of
// the same names call them.
import { TABLE } from "./sandbox.js";
import { t, underRules } from "../words.js";

const READINGS = "sandbox-readings"; // the game as played, replayed under the rules chosen in the form

/** The rules chosen in the form against the game's own: the game as played and its moves replayed
 * under the form's rules, side by side (compare.js), where they part and why in the engine's words.
 * The game stays as it was until the reader deals again. */
export async function compareRules(sb) {
  const w = sb.widget;
  if (!w || sb.busy) return;
  const chosen = sb.setup.options();
  const changed = Object.fromEntries(Object.entries(chosen).filter(([k, v]) => String(v) !== String(sb.options[k])));
  if (!Object.keys(changed).length) {
    if (w.readings) w.readings.close();
    w.render();
    return;
  }
  await sb.run(async () => {
    const table = await sb.call("table_spec", {key: TABLE});
    const opened = table.ok ? await sb.engine.open(READINGS, table.spec, changed) : table;
    const said = opened && opened.ok ? await sb.call("compare", {key: READINGS, frames: true}) : opened;
    if (!said || !said.ok) {
      w.setMessage(t("The two readings could not be compared: {error}", {error: (said && said.error) || t("no answer")}),
        {kind: "error"});
      return;
    }
    const {Readings, capitalized} = await import("../compare.js");
    const label = underRules(sb.setup.controls.filter(({opt}) => opt.key in changed).map(({opt, control, values}) => {
      const choice = values.find((c) => String(c.value) === control.value);
      return `“${opt.title || opt.key}: ${choice ? choice.label : control.value}”`;
    }));
    if (w.readings) w.readings.close();
    w.readings = new Readings({w, busy: false, engine: sb.engine},
      {first: t("As played"), second: capitalized(label), onFind: () => sb.findParting(label)});
    w.readings.take(said, label, {other: said.frames});
  });
}

/** A deal where the game's rules and the form's part, found by the engine: it becomes the game, and
 * the two readings of it are shown. */
export async function findParting(sb, label) {
  const w = sb.widget;
  if (!w || sb.busy) return;
  let found = null;
  await sb.run(async () => {
    found = await sb.call("find_parting", {key: READINGS});
    if (!found.ok) w.setMessage(found.error, {kind: "error"});
  });
  if (!found || !found.ok) return;
  const view = w.view, bots = [...sb.bots];
  // the deal found, under the game's own rules; the form keeps the rules the reader chose
  const chosen = sb.setup.options();
  if (!(await sb.open(found.spec, 0, view, bots))) return;
  for (const {opt, control} of sb.setup.controls) if (opt.key in chosen) control.value = String(chosen[opt.key]);
  await sb.compareRules();
  sb.widget.setMessage(t("Deal {seed}, dealt and played by the engine: {rules} the game parts from this one at step {step}.",
    {seed: found.seed, rules: label, step: found.diverge}));
}
