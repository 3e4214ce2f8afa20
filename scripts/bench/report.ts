// What the data benchmarks print around their figures: the machine's load (a figure means little on
// a busy machine), a target's verdict, and the end (the missed targets, exit code 1 when any).
import { cpus, loadavg } from 'node:os';

export const machineLoad = () => `charge ${loadavg().map((v) => v.toFixed(2)).join(' ')} (1, 5, 15 min) sur ${cpus().length} processeurs`;

export const verdict = (ok: boolean) => (ok ? 'tenu' : 'MANQUÉ');

/** The load at the end, the targets missed; the process exits 1 when one was. */
export function reportEnd(missed: readonly string[]): void {
  console.log(`\nfin : ${machineLoad()}`);
  if (missed.length > 0) {
    console.log(`cibles manquées : ${missed.join(', ')}`);
    process.exitCode = 1;
  }
}
