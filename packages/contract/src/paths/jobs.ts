// Dead-lettered background jobs' paths (operator). Shapes: ../endpoints/jobs.ts.
export const jobPaths = {
  deadList: "/api/operator/jobs/dead",
  rerun: "/api/operator/jobs/rerun",
} as const;
