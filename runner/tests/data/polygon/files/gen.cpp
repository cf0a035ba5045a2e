#include "testlib.h"

int main(int argc, char *argv[]) {
    if (argc != 3) quitf(_fail, "usage: gen A B");
    std::printf("%s %s\n", argv[1], argv[2]);
    return 0;
}
