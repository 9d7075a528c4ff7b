// The caller's own profile and passwords. Shapes: ../endpoints/profile.ts.
export const profilePaths = {
  myUserInfo: "/api/user/appUser/getMyUserInfo",
  personalInfo: "/api/user/appUser/getPersonalInfo",
  updatePersonalInfo: "/api/user/appUser/updatePersonalInfo",
  changePassword: "/api/user/appUser/changePassword",
} as const;
