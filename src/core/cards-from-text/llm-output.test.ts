import { describe, expect, it } from 'vitest';
import { extractJson, parseModelCards } from './llm-output';

const CARD = {
  type: 'qa',
  front: 'What is P680?',
  back: 'The reaction center of PSII',
  sourceQuote: 'x',
};

describe("reading a model's answer", () => {
  it('takes the JSON out of code fences and prose', () => {
    const body = JSON.stringify({ cards: [CARD] });
    expect(extractJson('```json\n' + body + '\n```')).toBe(body);
    expect(extractJson(`Here are your cards:\n${body}\nHope this helps!`)).toBe(body);
    expect(parseModelCards('```\n' + body + '\n```')).toEqual({ cards: [CARD] });
    expect(parseModelCards(JSON.stringify([CARD]))).toEqual({ cards: [CARD] });
  });

  it('says why a truncated or misshapen answer cannot be read', () => {
    const truncated = JSON.stringify({ cards: [CARD] }).slice(0, 40);
    expect(parseModelCards(truncated)).toEqual({ error: expect.stringMatching(/not valid JSON/) });
    expect(parseModelCards('{"cards": [{"type": "essay", "front": "x", "back": "y"}]}')).toEqual({
      error: expect.stringMatching(/expected shape: cards\.0\.type/),
    });
    expect(parseModelCards('no cards today')).toEqual({ error: expect.any(String) });
  });

  it('reads an empty list as no card (a part with no study content)', () => {
    expect(parseModelCards('{"cards": []}')).toEqual({ cards: [] });
  });
});
