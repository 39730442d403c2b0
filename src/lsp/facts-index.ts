import type { RepositoryFacts } from '../types.js';

/**
 * What every file of a workspace folder tells the checks across files: the facts of the files on
 * disk, with those of open documents in their place, and indexes of them, so that a keystroke's
 * checks across files look at the few files that can matter to the document (those that claim one
 * of its labels, the allow-list entries, the bootstrap scripts, the account files) rather than at
 * every file of the folder.
 */
export class FactsIndex {
  private disk = new Map<string, RepositoryFacts>();
  private readonly open = new Map<string, RepositoryFacts | undefined>();
  /** Each file's facts as the checks see them: the open document's, else the file's on disk. */
  private readonly current = new Map<string, RepositoryFacts>();
  private readonly byLabel = new Map<string, Set<string>>();
  private readonly blocks = new Set<string>();
  private readonly bootstraps = new Set<string>();
  private readonly accounts = new Set<string>();

  /** The facts of the files on disk, read again: the indexes are made again once. */
  replaceDisk(disk: Map<string, RepositoryFacts>): void {
    this.disk = disk;
    this.current.clear();
    this.byLabel.clear();
    this.blocks.clear();
    this.bootstraps.clear();
    this.accounts.clear();
    for (const file of new Set([...disk.keys(), ...this.open.keys()])) this.refresh(file);
  }

  setDisk(file: string, facts: RepositoryFacts | undefined): void {
    if (facts) this.disk.set(file, facts);
    else this.disk.delete(file);
    this.refresh(file);
  }

  /** An open document's facts (undefined: it tells the checks nothing, whatever the file on disk says). */
  setOpen(file: string, facts: RepositoryFacts | undefined): void {
    this.open.set(file, facts);
    this.refresh(file);
  }

  /** The document is closed: the file's facts on disk count again. */
  closeOpen(file: string): void {
    this.open.delete(file);
    this.refresh(file);
  }

  /** The facts the checks see for a file. */
  get(file: string): RepositoryFacts | undefined {
    return this.current.get(file);
  }

  /** The facts of an open document, or of the file on disk when it is not open (`undefined` both when unknown and when none). */
  known(file: string): { known: boolean; facts?: RepositoryFacts } {
    if (this.open.has(file)) return { known: true, facts: this.open.get(file) };
    return { known: this.disk.has(file), facts: this.disk.get(file) };
  }

  /** The files that claim a label. */
  claimants(label: string): ReadonlySet<string> {
    return this.byLabel.get(label) ?? new Set();
  }

  /**
   * The facts of every file whose facts can change the findings across files of `file`, in the
   * order of their paths (as a `dplint` run in the folder lists them): those that claim one of
   * its labels, and, where it has such facts, every allow-list entry, bootstrap script and
   * account file. Its findings over these are those it gets over every file's.
   */
  relevantTo(file: string): Map<string, RepositoryFacts> {
    const own = this.current.get(file);
    const files = new Set<string>();
    if (own) {
      files.add(file);
      for (const label of own.labels ?? []) for (const other of this.claimants(String(label.value))) files.add(other);
      if (own.ipBlocks) for (const other of this.blocks) files.add(other);
      if (own.bootstraps) for (const other of this.bootstraps) files.add(other);
      if (own.clusterIdleTimeouts) for (const other of this.accounts) files.add(other);
    }
    const relevant = new Map<string, RepositoryFacts>();
    for (const name of [...files].sort()) relevant.set(name, this.current.get(name)!);
    return relevant;
  }

  private refresh(file: string): void {
    const before = this.current.get(file);
    const after = this.open.has(file) ? this.open.get(file) : this.disk.get(file);
    if (before === after) return;
    if (before) this.index(file, before, false);
    if (after) {
      this.current.set(file, after);
      this.index(file, after, true);
    } else this.current.delete(file);
  }

  private index(file: string, facts: RepositoryFacts, add: boolean): void {
    for (const label of facts.labels ?? []) {
      const value = String(label.value);
      let claims = this.byLabel.get(value);
      if (add) {
        if (!claims) this.byLabel.set(value, (claims = new Set()));
        claims.add(file);
      } else if (claims) {
        claims.delete(file);
        if (claims.size === 0) this.byLabel.delete(value);
      }
    }
    const mark = (set: Set<string>, has: unknown) => {
      if (!has) return;
      if (add) set.add(file);
      else set.delete(file);
    };
    mark(this.blocks, facts.ipBlocks);
    mark(this.bootstraps, facts.bootstraps);
    mark(this.accounts, facts.accountIdleTimeouts);
  }
}
