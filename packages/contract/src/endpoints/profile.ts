// The caller's own profile and passwords.
import {
  ChangePasswordBody,
  ChangePasswordResult,
  MyUserInfo,
  PersonalInfo,
  UpdatePersonalInfoBody,
} from "../accounts";
import { endpoints } from "../endpoint";
import { profilePaths as P } from "../paths/profile";

const tags = ["accounts"];

export const profileEndpoints = endpoints({
  myUserInfo: {
    method: "GET",
    path: P.myUserInfo,
    auth: "user",
    tags,
    summary: "The logged-in customer's profile",
    result: MyUserInfo,
  },
  personalInfo: {
    method: "GET",
    path: P.personalInfo,
    auth: "user",
    tags,
    summary: "Personal data",
    result: PersonalInfo,
  },
  updatePersonalInfo: {
    method: "POST",
    path: P.updatePersonalInfo,
    auth: "user",
    tags,
    summary: "Update personal data (absent fields stay, null clears); country is fixed after KYC",
    body: UpdatePersonalInfoBody,
    result: PersonalInfo,
  },
  changePassword: {
    method: "POST",
    path: P.changePassword,
    auth: "user",
    tags,
    summary: "Change the login or withdrawal password; wrong old password → 400",
    body: ChangePasswordBody,
    result: ChangePasswordResult,
  },
});
