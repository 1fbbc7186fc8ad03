import type { z } from "zod";
import { Errors, type FieldErrorLeaf, type FieldErrors } from "../../errors";
import { childNode, type FieldPath, ownField, setField, toFieldErrors } from "../../validation";

export type { FieldPath };

/**
 * Gathers every rule a command (or a list of them) breaks, each under its field path, so one
 * 50035 answer names them all, the way the reference platform does.
 */
export class CommandFieldErrors {
  private readonly root: FieldErrors = {};
  private count = 0;

  get empty(): boolean {
    return this.count === 0;
  }

  /** How many broken rules were gathered so far (to tell whether one entry added any). */
  get size(): number {
    return this.count;
  }

  add(path: FieldPath, code: string, message: string): void {
    const node = this.nodeAt(path);
    const leaves = (node._errors as FieldErrorLeaf[] | undefined) ?? [];
    leaves.push({ code, message });
    node._errors = leaves;
    this.count += 1;
  }

  /** zod's issues (as the shared validation helpers word them), nested under `path`. */
  addZod(path: FieldPath, error: z.ZodError): void {
    merge(this.nodeAt(path), toFieldErrors(error));
    this.count += error.issues.length;
  }

  /** Throws 50035 with everything gathered; does nothing when nothing was. */
  throwIfAny(): void {
    if (!this.empty) throw Errors.invalidForm(this.root);
  }

  private nodeAt(path: FieldPath): FieldErrors {
    let node = this.root;
    for (const key of path) node = childNode(node, String(key));
    return node;
  }
}

function merge(into: FieldErrors, from: FieldErrors): void {
  for (const [key, value] of Object.entries(from)) {
    if (value === undefined) continue;
    const existing = ownField(into, key) as FieldErrors[string];
    if (Array.isArray(value)) setField(into, key, [...((existing as FieldErrorLeaf[] | undefined) ?? []), ...value]);
    else if (existing && !Array.isArray(existing)) merge(existing, value);
    else setField(into, key, value);
  }
}
