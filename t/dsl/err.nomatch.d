/*
 * ASSERTION: a description that matches no probe is an error (without
 * -Z).
 */
BEGIN
{
}

nosuch:::probe
{
}
