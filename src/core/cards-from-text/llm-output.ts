/**
 * Reading a model's answer (issue 22 §2): the JSON object `{"cards": [...]}` is taken out of
 * code fences and prose around it; what still does not parse, or is not that shape, is said
 * in a short message the model can be sent back once ('retry with the parse error').
 */
import { z } from 'zod';

/** The cards a model must return (empty sides are dropped later by the checks, with reason). */
export const modelCardsSchema = z.object({
  cards: z.array(
    z.object({
      type: z.enum(['qa', 'cloze']),
      front: z.string(),
      back: z.string().default(''),
      sourceQuote: z.string().default(''),
    }),
  ),
});

export type ModelCard = z.infer<typeof modelCardsSchema>['cards'][number];

/** The JSON text inside an answer: a fenced block's body, else from the first '{' or '[' to its last closer. */
export function extractJson(answer: string): string {
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(answer);
  const body = fenced ? (fenced[1] as string) : answer;
  const open = body.search(/[{[]/);
  if (open < 0) return body.trim();
  const closer = body[open] === '{' ? '}' : ']';
  const close = body.lastIndexOf(closer);
  return close > open ? body.slice(open, close + 1) : body.slice(open).trim();
}

/** The cards of a model's answer, or why it could not be read. */
export function parseModelCards(answer: string): { cards: ModelCard[] } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(extractJson(answer));
  } catch (error) {
    return { error: `The answer is not valid JSON (${(error as Error).message}).` };
  }
  // A bare list of cards is accepted as the list.
  if (Array.isArray(value)) value = { cards: value };
  const parsed = modelCardsSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'the answer';
    return { error: `The JSON does not have the expected shape: ${where}: ${issue?.message}.` };
  }
  return { cards: parsed.data.cards };
}
