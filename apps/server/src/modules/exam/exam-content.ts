import type { Executor } from '../../db/executor';
import type { ExamQuestionRepository, VersionContent } from './exam-question.repository';

const MAX_CACHED_VERSIONS = 20_000;

/**
 * Question versions and their options never change once written (decision 005), so every server
 * instance may keep them in memory: at the start of a sitting thousands of candidates load the same
 * few dozen versions, and only their own answers come from the database. Correct flags stay here;
 * what leaves the server is chosen by the caller.
 */
export class ExamContent {
  private readonly versions = new Map<string, VersionContent>();
  private readonly loading = new Map<string, Promise<void>>();

  constructor(private readonly questions: ExamQuestionRepository) {}

  /**
   * Inside a transaction pass its executor: what is missing is then read on it, never by waiting
   * for another request's read (on the single-connection embedded database that would wait for
   * this very transaction).
   */
  async get(versionIds: readonly string[], tx?: Executor): Promise<Map<string, VersionContent>> {
    const unique = [...new Set(versionIds)];
    if (tx) {
      const missing = unique.filter((id) => !this.versions.has(id));
      if (missing.length > 0) this.remember(await this.questions.findVersions(missing, tx));
      return new Map(unique.flatMap((id) => (this.versions.has(id) ? [[id, this.versions.get(id)!] as const] : [])));
    }
    const missing = unique.filter((id) => !this.versions.has(id) && !this.loading.has(id));
    if (missing.length > 0) {
      const load = this.load(missing);
      for (const id of missing) this.loading.set(id, load);
      try {
        await load;
      } finally {
        for (const id of missing) this.loading.delete(id);
      }
    }
    // Versions another request is loading right now are awaited rather than read twice.
    await Promise.all(unique.map((id) => this.loading.get(id)).filter((p): p is Promise<void> => !!p));
    const found = new Map<string, VersionContent>();
    for (const id of unique) {
      const version = this.versions.get(id);
      if (version) found.set(id, version);
    }
    if (found.size < unique.length) {
      // Loaded by a request that failed: read what is still missing directly.
      for (const version of await this.questions.findVersions(unique.filter((id) => !found.has(id)))) found.set(version.id, version);
    }
    return found;
  }

  private async load(ids: string[]): Promise<void> {
    this.remember(await this.questions.findVersions(ids));
  }

  private remember(rows: VersionContent[]): void {
    if (this.versions.size + rows.length > MAX_CACHED_VERSIONS) this.versions.clear();
    for (const row of rows) this.versions.set(row.id, row);
  }
}
