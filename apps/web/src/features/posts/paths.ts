/** Paths of the post and profile screens. */
export const postPaths = {
  list: '/posts',
  create: '/posts/new',
  post: (postId: string) => `/posts/${encodeURIComponent(postId)}`,
  edit: (postId: string) => `/posts/${encodeURIComponent(postId)}/edit`,
  bio: (userId: string) => `/users/${encodeURIComponent(userId)}/bio`,
  subscribeTo: (creatorId: string) => `/users/subscribeTo/${encodeURIComponent(creatorId)}`,
  plans: '/plans',
  createPlan: '/plans/create',
  becomeCreator: '/creator',
} as const;
