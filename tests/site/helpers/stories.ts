import { readFile, writeFile } from 'node:fs/promises';
import { readContent } from './content.ts';

/**
 * Gives each synthetic article of `root` its own outlet, and the members of each story its story
 * (frontmatter `cluster`) and that story's shared sentence: story id → its members' ids, and story
 * id → the sentence its tellings share.
 */
export async function tellStories(root: string, stories: Record<number, number[]>, shared: Record<number, string>): Promise<void> {
  const storyOf = new Map<number, number>();
  for (const [id, members] of Object.entries(stories)) for (const m of members) storyOf.set(m, Number(id));
  for (const file of await readContent(root)) {
    const n = file.data.id;
    let text = (await readFile(file.path, 'utf8')).replace(/^(url|canonical): https:\/\/[^/]+\//gm, `$1: https://outlet-${n}.test/`);
    const story = storyOf.get(n);
    if (story !== undefined) {
      text = text.replace(/^cluster: .*\n/m, '').replace(/^topic: /m, `cluster: ${story}\ntopic: `);
      text = `${text.trimEnd()}\n\n${shared[story]} Outlet ${n} adds a detail of its own about the weather that day.\n`;
    }
    await writeFile(file.path, text);
  }
}
