/** The address of one recruitment post in the API. */
export const recruitmentPostPath = (id: string) => `/api/recruitment-posts/${encodeURIComponent(id)}`;
