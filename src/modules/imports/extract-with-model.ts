import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { clipText } from '../../platform/clip-text.ts';
import { newId } from '../../platform/ids.ts';
import { MODEL_PASS_COUNTS, type ModelPassStats } from '../audit/index.ts';
import { contentHash } from '../memories/index.ts';
import { citedPaths, citesMetadata, statementCites } from './cited-paths.ts';
import { rememberedDrafts } from './remembered-drafts.ts';
import { MAX_CANDIDATE_CHARS } from './extract-candidates.ts';
import { importMessages, type ImportMessage } from './import-messages.ts';
import { memoryProposer, type ModelProposal } from './memory-proposer.ts';
import { stagedMemories, type ImportRow } from './table.ts';

/** A chunk's messages, each cut to this many characters, at most this many characters in all. */
const MODEL_MESSAGE_CHARS = 2_000;
const MODEL_CHUNK_CHARS = 12_000;
/** Chunks asked per import at most: a budget of calls, whatever the import's size. */
const MODEL_MAX_CHUNKS = 16;
/** Proposals shorter than this say nothing worth keeping. */
const MIN_PROPOSAL_CHARS = 12;
/** Word overlap at which a proposal repeats a rule's staged memory of the same message. */
const SAME_STATEMENT = 0.6;

/** One session's messages, in order, in chunks a model call may take. */
async function* chunks(ctx: Ctx, sessions: { id: string; count: number }[]): AsyncGenerator<ImportMessage[]> {
  let chunk: ImportMessage[] = [];
  let size = 0;
  for await (const page of importMessages(ctx, sessions)) {
    for (const message of page) {
      const text = clipText(message.text, MODEL_MESSAGE_CHARS, 'word');
      const other = chunk.length > 0 && chunk[0]?.sessionId !== message.sessionId;
      if (other || (chunk.length > 0 && size + text.length > MODEL_CHUNK_CHARS)) {
        yield chunk;
        chunk = [];
        size = 0;
      }
      chunk.push({ ...message, text });
      size += text.length;
    }
  }
  if (chunk.length > 0) yield chunk;
}

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** Shared words over all words (Jaccard): 1 for the same words, 0 for none in common. */
function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  const all = a.size + b.size - shared;
  return all === 0 ? 0 : shared / all;
}

/**
 * The model pass of extract (the workspace's `model_extraction`): asks the registered proposer for
 * memories from each session's messages (already redacted by parse), in chunks, at most
 * MODEL_MAX_CHUNKS per import, and merges what it proposes into what the rules staged: a proposal
 * the project remembers already is left out; one that repeats a staged memory (the same text, or
 * mostly the same words from the same message) marks that one as produced by `both`; any other is
 * staged as produced by the `model`. A failure leaves the rules' memories as they are: the pass
 * stops (or skips the chunk) and says why.
 */
export async function extractWithModel(
  ctx: Ctx,
  row: ImportRow,
  sessions: { id: string; count: number }[],
): Promise<{ stats: ModelPassStats; error?: string }> {
  const stats = Object.fromEntries(MODEL_PASS_COUNTS.map((name) => [name, 0])) as ModelPassStats;
  const propose = memoryProposer();
  let error: string | undefined = propose ? undefined : 'no language model client is available';
  let stopped = !propose;
  for await (const chunk of chunks(ctx, sessions)) {
    if (stopped || !propose || stats.model_chunks >= MODEL_MAX_CHUNKS) {
      stats.model_chunks_skipped++;
      continue;
    }
    stats.model_chunks++;
    const answer = await propose(
      ctx,
      row.workspaceId,
      chunk.map((m) => ({ role: m.role, text: m.text })),
    );
    if ('failure' in answer) {
      stats.model_chunks_failed++;
      error ??= answer.failure;
      stopped = answer.final;
      continue;
    }
    stats.model_proposed += answer.proposals.length;
    await mergeProposals(ctx, row, chunk, answer.proposals, stats);
  }
  if (stats.model_chunks_skipped > 0 && !stopped && propose) {
    error ??= `only the first ${MODEL_MAX_CHUNKS} chunks of the import were sent to the model`;
  }
  return error === undefined ? { stats } : { stats, error };
}

async function mergeProposals(
  ctx: Ctx,
  row: ImportRow,
  chunk: ImportMessage[],
  proposals: ModelProposal[],
  stats: ModelPassStats,
): Promise<void> {
  const found = proposals.flatMap((p) => {
    const message = chunk[p.message];
    const content = clipText(p.content.replace(/\s+/g, ' ').trim(), MAX_CANDIDATE_CHARS, 'word');
    if (!message || content.length < MIN_PROPOSAL_CHARS) return [];
    return [{ type: p.type, content, hash: contentHash(content), message }];
  });
  if (found.length === 0) return;
  const remembered = await rememberedDrafts(ctx, row.projectId, found);
  const staged = await ctx.db
    .select({
      id: stagedMemories.id,
      type: stagedMemories.type,
      hash: stagedMemories.contentHash,
      content: stagedMemories.content,
      rawMessageId: stagedMemories.rawMessageId,
      producer: stagedMemories.producer,
    })
    .from(stagedMemories)
    .where(
      and(
        eq(stagedMemories.importId, row.id),
        inArray(stagedMemories.rawMessageId, [...new Set(found.map((d) => d.message.id))]),
      ),
    );
  const stagedWords = staged.map((s) => ({ ...s, words: words(s.content) }));
  const merged = new Set<string>();
  const now = ctx.now();
  for (const draft of found) {
    if (remembered(draft)) continue;
    const draftWords = words(draft.content);
    const same = stagedWords.find(
      (s) =>
        (s.type === draft.type && s.hash === draft.hash) ||
        (s.rawMessageId === draft.message.id && overlap(s.words, draftWords) >= SAME_STATEMENT),
    );
    if (same) {
      // A repeat of the model's own proposal is just left out.
      if (same.producer === 'rules' && !merged.has(same.id)) {
        merged.add(same.id);
        stats.model_merged++;
      }
      continue;
    }
    const [inserted] = await ctx.db
      .insert(stagedMemories)
      .values({
        id: newId('stg'),
        importId: row.id,
        rawMessageId: draft.message.id,
        type: draft.type,
        content: draft.content,
        contentHash: draft.hash,
        producer: 'model',
        metadata: citesMetadata(statementCites(draft.content, () => citedPaths(draft.message.text))),
        occurredAt: draft.message.at,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: stagedMemories.id, rawMessageId: stagedMemories.rawMessageId });
    if (!inserted) continue;
    stats.model_staged++;
    stagedWords.push({
      id: inserted.id,
      type: draft.type,
      hash: draft.hash,
      content: draft.content,
      rawMessageId: inserted.rawMessageId,
      producer: 'model',
      words: draftWords,
    });
  }
  if (merged.size > 0) {
    await ctx.db
      .update(stagedMemories)
      .set({ producer: 'both', updatedAt: now })
      .where(and(inArray(stagedMemories.id, [...merged]), eq(stagedMemories.producer, 'rules')));
  }
}
