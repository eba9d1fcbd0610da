/**
 * The blog's four articles: the home page lists them, /blog/:slug shows one. Their words are in the
 * home catalogue under `blog.posts.<key>`: a title, a summary (`text`) and the paragraphs.
 */
export type BlogPost = { slug: string; key: string; image: string; date: string };

/** Every article has these paragraphs, in this order. */
export const PARAGRAPHS = ["paragraph1", "paragraph2", "paragraph3"] as const;

export const POSTS: BlogPost[] = [
  { slug: "first-year-engineering-checklist", key: "firstYearChecklist", image: "/images/blog-exam-prep.svg", date: "2026-10-02" },
  { slug: "hostel-room-feel-like-home", key: "hostelRoom", image: "/images/blog-hostel.svg", date: "2026-10-15" },
  { slug: "sell-old-textbooks-fast", key: "sellTextbooks", image: "/images/blog-selling.svg", date: "2026-10-28" },
  { slug: "student-budget-that-works", key: "studentBudget", image: "/images/blog-budget.svg", date: "2026-11-09" },
];
