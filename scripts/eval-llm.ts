/**
 * `npm run eval:llm`: the recording of issue 22 (../shared/data/llm-replay, a strong model's
 * answers on three real texts) replayed through the real pipeline — a Mnemo server and worker
 * on a fresh database — against the local fake model. Prints per job the cards sent, kept,
 * the job's warnings (the drops by reason) and each stored passage.
 */
import { fakeLlmEnv, startFakeLlm } from '../test/support/fake-llm';
import { newUser } from '../test/support/fixtures';
import { recordedJobs } from '../test/support/llm-replay';
import { replayJobs, replayReply } from '../test/support/replay-llm';
import { startTestServer } from '../test/support/test-server';

const jobs = recordedJobs();
const fake = await startFakeLlm(replayReply(jobs));
const server = await startTestServer({ env: { ...fakeLlmEnv(fake.baseUrl), AI_MAX_RETRIES: '0' } });
try {
  const results = await replayJobs(jobs, await newUser(server.url), fake);
  for (const result of results) {
    console.log(
      `\n## ${result.job.name}: ${result.status}${result.error ? ` (${result.error})` : ''}`,
    );
    console.log(
      `cards sent ${result.sent}, kept ${result.cards.length}, dropped ${result.sent - result.cards.length}`,
    );
    for (const warning of result.warnings) console.log(`warning: ${warning}`);
    const kept = new Set(result.cards.map((card) => card.front_content));
    for (const front of result.sentFronts) if (!kept.has(front)) console.log(`dropped: ${front}`);
    for (const card of result.cards) {
      console.log(
        `- ${card.front_content}\n    passage: ${(card.source_quote ?? '').replace(/\s+/g, ' ')}`,
      );
    }
  }
} finally {
  await server.stop();
  await fake.stop();
}
