// The ONE list of phrases that mark a page as something other than an article: walls
// (paywall, login wall), blocks (JavaScript, cookies, CAPTCHA, access denied), errors (404…)
// and login/sign-up forms. Weights: 5 = decisive on its own, 3 = strong, 1 = weak (ordinary
// words that only matter in numbers or in short lines).

export type NoiseKind = 'wall' | 'block' | 'error' | 'form' | 'weak';

export interface NoisePhrase {
  phrase: string;
  weight: number;
  kind: NoiseKind;
}

const list = (kind: NoiseKind, weight: number, phrases: string[]): NoisePhrase[] => phrases.map((phrase) => ({ phrase, weight, kind }));

export const NOISE_PHRASES: NoisePhrase[] = [
  ...list('wall', 5, [
    'subscribe to continue', 'subscribe to continue reading', 'subscribe to read', 'subscribe to read more', 'subscribe now to continue',
    'to continue reading', 'continue reading with a subscription', 'for subscribers only', 'subscribers only', 'exclusive to subscribers',
    'this article is for subscribers', 'this content is for subscribers', 'already a subscriber', 'become a subscriber to read',
    'create a free account to continue', 'register to continue', 'register to continue reading', 'sign in to continue', 'sign in to continue reading',
    'log in to continue', 'log in to continue reading', 'login to continue', 'sign in to read', 'log in to read', 'sign up to continue',
    'you have reached your limit', 'you have reached your free article limit', "you've reached your free article limit", 'free articles remaining',
    'unlock this article', 'this content is locked', 'members only content', 'for members only',
  ]),
  ...list('block', 5, [
    'access denied', 'access to this page has been denied', 'enable javascript', 'please enable javascript', 'javascript is disabled',
    'javascript is required', 'this site requires javascript', 'you need to enable javascript', 'turn on javascript', 'enable cookies',
    'cookies are disabled', 'please enable cookies', 'verify you are human', 'verify you are a human', 'are you a robot', 'i am not a robot',
    "i'm not a robot", 'captcha', 'recaptcha', 'hcaptcha', 'complete the security check', 'checking your browser', 'checking if the site connection is secure',
    'ddos protection by cloudflare', 'attention required', 'unusual traffic from your computer network', 'press and hold', 'request unsuccessful',
    'your browser is not supported', 'please update your browser', 'you have been blocked', 'sorry, you have been blocked',
  ]),
  ...list('error', 5, [
    '404 not found', 'error 404', 'page not found', 'the page you requested', 'the page you are looking for', 'page you were looking for',
    'this page could not be found', 'this page does not exist', 'this page no longer exists', 'content not found', 'article not found',
    '403 forbidden', 'error 403', 'internal server error', 'error 500', '502 bad gateway', '503 service unavailable', 'service unavailable',
    'temporarily unavailable', 'under maintenance', 'something went wrong', 'an error occurred', 'oops',
  ]),
  ...list('block', 3, [
    'we use cookies', 'this website uses cookies', 'this site uses cookies', 'accept all cookies', 'accept cookies', 'reject all cookies',
    'cookie policy', 'cookie settings', 'manage cookies', 'manage your cookie preferences', 'cookie preferences', 'privacy preferences',
    'strictly necessary cookies', 'performance cookies', 'targeting cookies', 'functional cookies', 'analytics cookies', 'storing of cookies',
  ]),
  ...list('form', 3, [
    'sign in to your account', 'log in to your account', 'login to your account', 'forgot your password', 'forgot password', 'reset your password',
    'remember me', 'keep me signed in', 'stay signed in', "don't have an account", 'do not have an account', 'create an account', 'create account',
    'new user', 'sign in with google', 'continue with google', 'continue with facebook', 'or sign in with', 'enter your password', 'enter your email',
  ]),
  // Ordinary in prose ("the file was not found", "error handling"): they count only in short lines and in company.
  ...list('weak', 1, ['not found', 'forbidden', 'could not be found', 'no longer available', 'has been removed', 'does not exist', '404', 'error']),
  ...list('weak', 1, ['sign in', 'signin', 'sign up', 'signup', 'log in', 'login', 'log out', 'logout', 'subscribe', 'subscription', 'password', 'username', 'email address', 'newsletter', 'just a moment', 'privacy policy', 'terms of service', 'save settings']),
];
