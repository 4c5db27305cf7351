/** Account pages: login, first password, sign-up, forgot/reset password, change password (one file each, beside this one). */
export { LoginPage } from './login-page';
export { FindPasswordPage, ResetPasswordPage, SetPasswordPage, UpdatePasswordPage } from './password-pages';
export { RegisterPage } from './register-page';
