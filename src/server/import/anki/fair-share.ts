/**
 * Which import job a free worker takes (issue 21): no user holds more than `perUser` running
 * jobs, and among the users waiting, the one served least recently goes first (a user who has
 * never been served before everyone), so three uploads from one user do not hold another
 * user's import behind them. Within a user, oldest first.
 */
export interface Candidate {
  id: string;
  user_id: string;
}

export interface UserLoad {
  /** Jobs of the user running now (processing, lease not expired). */
  running: number;
  /** When a job of the user last started (ISO), or null. */
  lastStarted: string | null;
}

export function fairOrder<C extends Candidate>(
  candidates: readonly C[],
  loads: ReadonlyMap<string, UserLoad>,
  perUser: number,
): C[] {
  const load = (userId: string) => loads.get(userId) ?? { running: 0, lastStarted: null };
  const rank = new Map(candidates.map((candidate, index) => [candidate.id, index]));
  return candidates
    .filter((candidate) => load(candidate.user_id).running < perUser)
    .sort((a, b) => {
      const x = load(a.user_id);
      const y = load(b.user_id);
      if (x.running !== y.running) return x.running - y.running;
      if (x.lastStarted !== y.lastStarted) {
        if (x.lastStarted === null) return -1;
        if (y.lastStarted === null) return 1;
        return x.lastStarted < y.lastStarted ? -1 : 1;
      }
      return rank.get(a.id)! - rank.get(b.id)!;
    });
}
