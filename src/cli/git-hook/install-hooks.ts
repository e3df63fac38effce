import { chmod, lstat, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliError } from '../cli-error.ts';
import { HOOK_NAMES, hookScript, isOurHook, PREVIOUS_SUFFIX, type HookName } from './hook-script.ts';

/** What became of one hook: written (`chained`: it runs the hook that was there before), or kept as it was. */
export interface Installed {
  name: HookName;
  outcome: 'installed' | 'updated' | 'unchanged';
  chained: boolean;
}

/** What uninstall did with one hook. */
export interface Uninstalled {
  name: HookName;
  outcome: 'removed' | 'restored' | 'not-ours' | 'none';
}

/** A file as it is: absent, or its text (a broken symlink or a folder reads as ''). */
async function fileAt(path: string): Promise<string | null> {
  try {
    await lstat(path);
  } catch {
    return null;
  }
  return readFile(path, 'utf8').catch(() => '');
}

/**
 * Writes ctxhub's hooks into `dir` (created when missing). A hook that was there and is not ours
 * is renamed to `<name>.ctxhub-previous`, which ours runs first; one of ours is rewritten (new
 * paths) or left as it is. Every hook is checked before anything changes: a foreign hook whose
 * `.ctxhub-previous` name is taken stops the whole install.
 */
export async function installHooks(dir: string, paths: { node: string; bin: string }): Promise<Installed[]> {
  await mkdir(dir, { recursive: true });
  const plans = await Promise.all(
    HOOK_NAMES.map(async (name) => {
      const path = join(dir, name);
      const previous = `${path}${PREVIOUS_SUFFIX}`;
      const [current, saved] = await Promise.all([fileAt(path), fileAt(previous)]);
      // Never chain our hook to itself (a copy of ours left in the previous hook's place).
      const savedIsOurs = saved !== null && isOurHook(saved);
      const foreign = current !== null && !isOurHook(current);
      if (foreign && saved !== null && !savedIsOurs) {
        throw new CliError(
          `${path} is not ctxhub's, and ${previous} (where it would go) is taken: move one of them away first`,
        );
      }
      return {
        name,
        path,
        previous,
        current,
        savedIsOurs,
        foreign,
        chained: foreign || (saved !== null && !savedIsOurs),
      };
    }),
  );
  const installed: Installed[] = [];
  for (const plan of plans) {
    const script = hookScript(plan.name, paths);
    if (plan.savedIsOurs) await rm(plan.previous);
    if (plan.foreign) await rename(plan.path, plan.previous);
    if (plan.current !== script) {
      await writeFile(plan.path, script);
    }
    await chmod(plan.path, 0o755);
    installed.push({
      name: plan.name,
      outcome:
        plan.current === null || plan.foreign
          ? 'installed'
          : plan.current === script
            ? 'unchanged'
            : 'updated',
      chained: plan.chained,
    });
  }
  return installed;
}

/**
 * Removes ctxhub's hooks from `dir` and puts back the hooks they ran (`<name>.ctxhub-previous`).
 * A hook that is not ours is never touched.
 */
export async function uninstallHooks(dir: string): Promise<Uninstalled[]> {
  const done: Uninstalled[] = [];
  for (const name of HOOK_NAMES) {
    const path = join(dir, name);
    const previous = `${path}${PREVIOUS_SUFFIX}`;
    const [current, saved] = await Promise.all([fileAt(path), fileAt(previous)]);
    if (current !== null && !isOurHook(current)) {
      done.push({ name, outcome: 'not-ours' });
      continue;
    }
    if (current !== null) await rm(path);
    if (saved !== null && isOurHook(saved)) await rm(previous);
    else if (saved !== null) {
      await rename(previous, path);
      done.push({ name, outcome: 'restored' });
      continue;
    }
    done.push({ name, outcome: current === null ? 'none' : 'removed' });
  }
  return done;
}
