import { displayName, type ReportedContent, type ReportTargetKind } from '@aurum/core';

export const TARGET_KIND_LABELS: Readonly<Record<ReportTargetKind, string>> = { post: 'Post', user: 'User', message: 'Chat message' };

/** "@handle" or the public name of whoever the reported content belongs to. */
export const authorName = (author: ReportedContent['author']) => displayName({ handle: author.handle, publicName: author.publicName });

/** "3 reports". */
export const reportCount = (count: number) => `${count} ${count === 1 ? 'report' : 'reports'}`;
