// Behaviour of sigs.k8s.io/structured-merge-diff/v4/internal/fixture/state.go (v4.6.0): FixTabsOrDie

/**
 * Removes from every line of `input` as many tabs as precede the first line, so YAML can be
 * indented with the code around it (Go `FixTabsOrDie`). A leading empty line is dropped, and a
 * trailing blank line is kept empty. Throws when a line has fewer tabs than the first.
 */
export function fixTabsOrDie(input: string): string {
  let lines = input.split('\n');
  if (lines[0] === '' && lines.length > 1) lines = lines.slice(1);
  const first = lines[0] ?? '';
  let prefix = '';
  while (first[prefix.length] === '\t') prefix += '\t';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    // The last line may be blank (the indentation before a closing backtick).
    if (i === lines.length - 1 && line.length <= prefix.length && line.trim() === '') {
      lines[i] = '';
      break;
    }
    if (!line.startsWith(prefix)) {
      throw new Error(`line ${i} doesn't start with expected number (${prefix.length}) of tabs: ${line}`);
    }
    lines[i] = line.slice(prefix.length);
  }
  return lines.join('\n');
}
