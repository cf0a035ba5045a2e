class Sum {}
