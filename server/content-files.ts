import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ContentFile, PLAN_MAPPINGS_FILE } from '../services/content/content';

/**
 * Every content file under `dir` (campaigns/*.json, pages/*.json and plan-mappings.json), with paths relative to it; a missing
 * folder or file is none.
 */
export async function readContentFiles(dir: string): Promise<ContentFile[]> {
  const files: ContentFile[] = [];
  try {
    files.push({ path: PLAN_MAPPINGS_FILE, text: await readFile(path.join(dir, PLAN_MAPPINGS_FILE), 'utf8') });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  for (const sub of ['campaigns', 'pages']) {
    let names: string[];
    try {
      names = (await readdir(path.join(dir, sub))).filter((n) => n.endsWith('.json')).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const name of names)
      files.push({ path: `${sub}/${name}`, text: await readFile(path.join(dir, sub, name), 'utf8') });
  }
  return files;
}
