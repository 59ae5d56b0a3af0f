// An OpenAI-compatible model for the browser journeys that need one (a second Mnemo server is
// configured with AI_PROVIDER=openai-compatible against it, see playwright.config.ts). The first
// request carrying a given "[fail once: …]" marker is answered with a 500; every other request
// gets cards taken from the text it was given, so a failed job can be retried to success. The
// first request carrying "[hold once: …]" is held until a request carrying "[release: …]" with
// the same name comes (a journey sees the job while it waits on that part).
import { type FakeReply, promptOf, startFakeLlm } from '../../test/support/fake-llm';

const failedOnce = new Set<string>();
const heldOnce = new Set<string>();
const held = new Map<string, () => void>();
const released = new Set<string>();

const fake = await startFakeLlm(
  async (request): Promise<FakeReply> => {
    // Settings → AI: a key with 'bad' in it is refused, as a provider refuses a wrong key.
    if (request.authorization?.includes('-bad-')) {
      return { status: 401, message: 'Incorrect API key provided' };
    }
    const prompt = promptOf(request);
    // The part's text after its context lines (title, 'part k of n', section).
    const text = prompt.includes('\n---\n\n')
      ? prompt.slice(prompt.indexOf('\n---\n\n') + 6)
      : prompt;
    const release = /\[release: ([^\]]+)\]/.exec(text)?.[1];
    if (release) {
      released.add(release);
      held.get(release)?.();
      return { cards: [] };
    }
    const hold = /\[hold once: ([^\]]+)\]/.exec(text)?.[1];
    if (hold && !heldOnce.has(hold)) {
      heldOnce.add(hold);
      if (!released.has(hold)) await new Promise<void>((resolve) => held.set(hold, resolve));
    }
    const marker = /\[fail once: ([^\]]+)\]/.exec(text)?.[1];
    if (marker && !failedOnce.has(marker)) {
      failedOnce.add(marker);
      return { status: 500, message: 'the model is overloaded' };
    }
    const sentences = text.match(/[A-Z][^.!?]{20,}[.!?]/g) ?? [];
    return {
      cards: sentences.slice(0, 4).map((sentence) => {
        const words = sentence.replace(/[.!?]$/, '').split(' ');
        const answer = words[0] ?? '';
        return {
          type: 'qa',
          // A real question ending in '?' (the LLM path enforces it, issue 22).
          front: `Which word begins: "… ${words.slice(1).join(' ')}"?`,
          back: answer,
          sourceQuote: sentence,
        };
      }),
    };
  },
  Number(process.env.FAKE_LLM_PORT ?? 3102),
);

console.log(`fake LLM at ${fake.baseUrl}`);
