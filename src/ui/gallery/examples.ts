/**
 * The gallery: workloads shipped in public/examples/. A card is
 * `{ file, title, blurb }`; the seed scenarios add theirs here.
 */

export interface Example {
  /** file name under public/examples/ */
  file: string;
  title: string;
  blurb: string;
}

export const TOUR: Example = {
  file: 'tour.ipc',
  title: 'Tour',
  blurb: 'Every mechanism once: message queues, shared memory, semaphores, sysctls, /proc/sysvipc and network devices.',
};

export const EXAMPLES: readonly Example[] = [TOUR];

/** The text of an example, fetched relative to the page (the site may live under a sub-path). */
export async function fetchExample(example: Example, base: string = document.baseURI): Promise<string> {
  const res = await fetch(new URL(`examples/${example.file}`, base));
  if (!res.ok) throw new Error(`${example.file}: HTTP ${res.status}`);
  return res.text();
}
