/*
 * ASSERTION: an enumerator's name is one identifier, in any enum
 * (Oracle's dtrace-utils enum/err.D_DECL_IDRED.EnumSameName).
 * @@runtest-opts: -x errtags
 */
enum colors { RED, GREEN };
enum shades { PINK, RED };
