import { describe, expect, it } from 'vitest';
import { studyText } from './study-text';

const OPENSTAX = `---
title: "The Light-Dependent Reactions of Photosynthesis"
layout: page
---

### What Is Light Energy?

The sun emits radiation ([\\[link\\]](#fig-1)). Scientists measure its **wavelength**{: data-type="term"}.

![A photo of a plant.](../resources/F1.jpg "Photoautotrophs capture light energy."){: #fig-1}

Splitting one H<sub>2</sub>O molecule releases two electrons.

### Review Questions

<div data-type="exercise">
<div data-type="problem" markdown="1">
Which of the following structures is *not* a component of a photosystem?
</div>
<div data-type="solution" markdown="1">
D
</div>
</div>

### Glossary

P680
: reaction center of photosystem II
`;

const WIKIPEDIA = `A printing press is a mechanical device.[1][2] It was developed circa 1439.[3]

History

Gutenberg adapted existing technologies.[12]

See also

Printing presses
- Rotary printing press

References

^ Smith, J. (2001). Printing. p. 12.

External links
- https://example.org/press
`;

describe('the study material an LLM is given (issue 22 §3)', () => {
  it('drops front matter (keeping its title), figure markup, markers, tags and exercises', () => {
    const { title, text } = studyText(OPENSTAX);
    expect(title).toBe('The Light-Dependent Reactions of Photosynthesis');
    expect(text).not.toMatch(
      /layout|link\\]|data-type|resources|A photo of|<sub>|Which of the following|\bD\b/,
    );
    expect(text).toContain('Scientists measure its **wavelength**.');
    // Headings and captions stay; so does the glossary (definitions are study material).
    expect(text).toContain('### What Is Light Energy?');
    expect(text).toContain('Photoautotrophs capture light energy.');
    expect(text).toContain('Splitting one H2O molecule');
    expect(text).toContain('reaction center of photosystem II');
    expect(text).not.toContain('Review Questions');
  });

  it("drops citation markers and an article's end matter", () => {
    const { title, text } = studyText(WIKIPEDIA);
    expect(title).toBeNull();
    expect(text).toBe(
      'A printing press is a mechanical device. It was developed circa 1439.\n\nHistory\n\nGutenberg adapted existing technologies.',
    );
  });
});
