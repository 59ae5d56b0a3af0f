// The chunk that loads only for cards with maths (./math.ts): KaTeX and its styles.
import 'katex/dist/katex.min.css';

export { default as katex } from 'katex';
